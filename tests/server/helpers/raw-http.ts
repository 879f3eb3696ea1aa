/**
 * One HTTP/1.1 request written byte for byte on a socket, for what fetch
 * and inject will not send: a request target in absolute form, a path
 * spelled exactly as given, headers too large, a broken request line.
 */
import { connect } from 'node:net';

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

export function rawRequest(baseUrl: string, head: string, body = '', timeoutMs = 10_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let failure: Error | undefined;
    const timer = setTimeout(() => socket.destroy(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may reset the connection right after answering: what arrived is read on close.
    socket.on('error', (error) => {
      failure = error;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const bytes = Buffer.concat(chunks);
      const split = bytes.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = bytes
        .subarray(0, split === -1 ? bytes.length : split)
        .toString('latin1')
        .split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      if (!status) {
        reject(failure ?? new Error(`no HTTP answer: ${JSON.stringify(bytes.subarray(0, 200).toString('latin1'))}`));
        return;
      }
      const payload = split === -1 ? Buffer.alloc(0) : bytes.subarray(split + 4);
      resolve({ status, headers, body: (headers['transfer-encoding'] === 'chunked' ? unchunk(payload) : payload).toString('utf8') });
    });
    socket.write(head + body);
  });
}

function unchunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = bytes;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    if (lineEnd === -1) return Buffer.concat(parts);
    const size = Number.parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.subarray(lineEnd + 2 + size + 2);
  }
}

/** A request with `target` written as given; JSON body `body` when not undefined. */
export function rawJsonRequest(baseUrl: string, method: string, target: string, body?: string, headers: Record<string, string> = {}) {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: x', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body !== undefined) lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
  return rawRequest(baseUrl, `${lines.join('\r\n')}\r\n\r\n`, body ?? '');
}
