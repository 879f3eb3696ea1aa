/**
 * The command's side of the running server's backup call
 * (backup-endpoint.ts): asks the server on 127.0.0.1 with the secret from
 * the endpoint file and writes the archive it streams to `destination`.
 * Refusals and a broken connection become BackupErrors in Portuguese.
 */
import { createWriteStream } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { EndpointFile } from './backup-endpoint';
import { BACKUP_MESSAGES, BackupError } from './messages';

export async function fetchServerBackup(endpoint: EndpointFile, destination: string): Promise<void> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = get(
      { host: '127.0.0.1', port: endpoint.port, path: '/backup', headers: { authorization: `Bearer ${endpoint.secret}` } },
      resolve,
    );
    request.on('error', () => reject(new BackupError(BACKUP_MESSAGES.serverUnreachable(endpoint.pid))));
  });
  if (response.statusCode !== 200) {
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    let message = `HTTP ${response.statusCode}`;
    try {
      message = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message?: string }).message ?? message;
    } catch {
      // Not JSON: the status says enough.
    }
    throw new BackupError(response.statusCode === 409 ? message : BACKUP_MESSAGES.serverFailed(message));
  }
  try {
    await pipeline(response, createWriteStream(destination, { flags: 'wx', mode: 0o600 }));
  } catch {
    throw new BackupError(BACKUP_MESSAGES.interrupted);
  }
  // A connection closed mid-answer can end the stream without an error: an incomplete answer is never taken for a copy.
  if (!response.complete) throw new BackupError(BACKUP_MESSAGES.interrupted);
}
