/**
 * Reads the e-mails the test server wrote (no SMTP_URL: one .eml file per
 * message under DATA_DIR/mail).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2eServer } from './test-server';

/** Undoes quoted-printable soft line breaks and escapes. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function mailFiles(): string[] {
  const folder = join(e2eServer().dataDir, 'mail');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => join(folder, name));
}

/** Waits for a new message (beyond `knownCount`) whose text matches `pattern`; returns the first match. */
export async function waitForMailMatching(pattern: RegExp, knownCount: number, timeoutMs = 15_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of mailFiles().slice(knownCount)) {
      const match = decodeQuotedPrintable(readFileSync(file, 'utf8')).match(pattern);
      if (match) return match;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail matching ${pattern} arrived`);
}
