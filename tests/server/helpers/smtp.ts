/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives,
 * plus just enough MIME decoding to read the text of a nodemailer message.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves with the next message once `count` messages have arrived. */
    async waitFor(count: number, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received[count - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decoded text/plain part of a MIME message (quoted-printable or base64). */
export function plainText(raw: string): string {
  const normalized = raw.replace(/\r\n/g, '\n');
  // Every entity (the message itself, then each part) is "headers, blank line, body".
  const entities = normalized.split(/\n--[^\n]*\n/).map((entity) => {
    const split = entity.indexOf('\n\n');
    return { headers: entity.slice(0, split), body: entity.slice(split + 2) };
  });
  const part = entities.find((e) => /^Content-Type: text\/plain/im.test(e.headers));
  if (!part) throw new Error('no text/plain part');
  const body = part.body.replace(/\n--[\s\S]*$/, '');
  if (/^Content-Transfer-Encoding: quoted-printable/im.test(part.headers)) {
    const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/^Content-Transfer-Encoding: base64/im.test(part.headers)) {
    return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  }
  return body;
}

export function header(raw: string, name: string): string | undefined {
  const match = new RegExp(`^${name}: (.*)$`, 'im').exec(raw.replace(/\r\n/g, '\n'));
  return match?.[1];
}
