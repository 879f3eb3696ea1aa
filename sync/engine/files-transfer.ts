/**
 * Bytes from the server for the screens, through the engine's transport
 * (the session's token, one refresh on 401): a file's download and a zip of
 * several. Any tab may call these, whether or not it runs the engine. The
 * caller decides what to keep on the device (files-store.ts `cacheFile`).
 */
import { apiErrorSchema } from '../contract/errors';
import { SyncError } from './errors';
import type { HttpRequest, Transport } from './transport';

export const TRANSFER_MESSAGES = {
  offline: 'Sem conexão com o servidor.',
  failed: 'O servidor não enviou o arquivo.',
} as const;

export class FileTransfers {
  constructor(private readonly transport: Transport) {}

  /** GET `path` (relative to the API base) as bytes. */
  download(path: string): Promise<Blob> {
    return this.blobOf({ method: 'GET', path, responseType: 'blob', headers: { accept: '*/*' } });
  }

  /** POST a JSON body to `path` and take the answer as bytes (a zip of several files). */
  downloadWithBody(path: string, body: unknown): Promise<Blob> {
    return this.blobOf({ method: 'POST', path, body, responseType: 'blob', headers: { accept: '*/*' } });
  }

  private async blobOf(request: HttpRequest): Promise<Blob> {
    const outcome = await this.transport.send(request);
    if (outcome.kind !== 'response') throw SyncError.of('network', TRANSFER_MESSAGES.offline);
    if (outcome.status >= 200 && outcome.status < 300 && outcome.body instanceof Blob) return outcome.body;
    const error = apiErrorSchema.safeParse(outcome.body);
    const code = outcome.status === 401 ? 'unauthorized' : outcome.status === 404 ? 'not-found' : outcome.status >= 500 ? 'server' : 'validation';
    throw SyncError.of(code, error.success ? error.data.message : TRANSFER_MESSAGES.failed, { status: outcome.status });
  }
}
