/**
 * Writes that only the server can make: the administration screens of the
 * read-only resources (users, departments and permissions, settings) and any
 * other call that must not be queued. One call, online or refused at once:
 *
 * - offline, it throws at once with a plain Portuguese message, and nothing
 *   on the device changes (the form keeps what the user typed);
 * - it goes through the engine's transport (the session's token, one refresh
 *   on 401), from any tab, whether or not the tab runs the engine;
 * - a refusal throws a `SyncError` with the server's message and its
 *   per-field messages (`fields`), so the screen shows them as they came;
 * - after a success it pulls the read-only lists the write changes
 *   (`pulls`) before resolving, so every screen reading them through the
 *   local hooks shows the new data at once; a failed pull after a applied
 *   write is not an error (the next sync run brings it).
 *
 * Queued, offline-capable writes are `saveRecord`/`runCommand`; this path is
 * for data the device only reads (sync/store/registry/read-only.ts).
 */
import type { z } from 'zod';
import { apiErrorSchema } from '../contract/errors';
import type { SyncDatabase } from '../store/database';
import { COMMAND_MESSAGES } from './commands';
import { SyncError, SYNC_MESSAGES } from './errors';
import { requestSync } from './mutations';
import { DEFAULT_PULL_PAGE_SIZE, pullResource } from './pull';
import type { HttpRequest, Transport } from './transport';

export const ONLINE_WRITE_MESSAGES = {
  needsConnection: COMMAND_MESSAGES.needsConnection,
  unreachable: 'Não foi possível conectar ao servidor. Nada foi salvo; verifique sua conexão e tente novamente.',
  unexpected: 'O servidor enviou uma resposta inesperada.',
  failed: 'O servidor não conseguiu salvar. Tente novamente.',
} as const;

export interface OnlineWrite {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Relative to the API base ("api/users/12"). */
  path: string;
  /** A JSON body. */
  body?: unknown;
  /** A multipart body instead (the spec's form-data calls: a user with its image, the logo). */
  form?: FormData;
  /** Read-only resources this write changes, pulled before `send` resolves. */
  pulls: readonly string[];
}

export interface OnlineWritesOptions {
  /** Whether the device is online now. Default: navigator.onLine. */
  isOnline?: () => boolean;
}

function formBytes(form: FormData): number {
  let bytes = 0;
  for (const [, value] of form.entries()) bytes += typeof value === 'string' ? value.length : value.size;
  return bytes;
}

function refusal(status: number, body: unknown): SyncError {
  const parsed = apiErrorSchema.safeParse(body);
  const code = status === 401 ? 'unauthorized' : status === 404 ? 'not-found' : status === 409 ? 'conflict' : status >= 500 ? 'server' : 'validation';
  // A 5xx never shows internals: the server's own 5xx body is already generic, but a proxy's page is not.
  const message = parsed.success && status < 500 ? parsed.data.message : status >= 500 ? ONLINE_WRITE_MESSAGES.failed : SYNC_MESSAGES.validation;
  return SyncError.of(code, message, { status, ...(parsed.success && parsed.data.errors ? { fields: parsed.data.errors } : {}) });
}

export class OnlineWrites {
  constructor(
    private readonly transport: Transport,
    private readonly db: SyncDatabase,
    private readonly options: OnlineWritesOptions = {},
  ) {}

  /** Sends the write; resolves to its answer parsed with `schema` (undefined without one). */
  async send<T = undefined>(write: OnlineWrite, schema?: z.ZodType<T>): Promise<T> {
    const isOnline = this.options.isOnline ?? (() => globalThis.navigator?.onLine ?? true);
    if (!isOnline()) throw SyncError.of('network', ONLINE_WRITE_MESSAGES.needsConnection);
    const request: HttpRequest = write.form
      ? { method: write.method, path: write.path, upload: { form: write.form, bytes: formBytes(write.form) } }
      : { method: write.method, path: write.path, body: write.body };
    const outcome = await this.transport.send(request);
    if (outcome.kind !== 'response') throw SyncError.of('network', ONLINE_WRITE_MESSAGES.unreachable);
    if (outcome.status < 200 || outcome.status >= 300) throw refusal(outcome.status, outcome.body);
    let answer: T = undefined as T;
    if (schema) {
      const parsed = schema.safeParse(outcome.body);
      if (!parsed.success) throw SyncError.of('server', ONLINE_WRITE_MESSAGES.unexpected, { status: outcome.status });
      answer = parsed.data;
    }
    await this.refresh(write.pulls);
    return answer;
  }

  private async refresh(resources: readonly string[]): Promise<void> {
    try {
      for (const name of resources) {
        await pullResource(
          { db: this.db, transport: this.transport, pageSize: DEFAULT_PULL_PAGE_SIZE, incremental: true, isStopped: () => false },
          this.db.registry.get(name),
        );
      }
    } catch {
      // The write is applied; the engine's next run brings the lists.
      await requestSync(this.db);
    }
  }
}
