/**
 * The read side of what only the server knows and the device does not keep
 * (a sample's history, issue 28): `useOnlineRead()` gives a function that
 * asks for one answer now and parses it with the contract's schema. Offline
 * it refuses at once with the same plain message as the online writes; it
 * goes through the engine's session (its token, one refresh on 401, the
 * device id), from any tab, like the screens' downloads
 * (engine/files-transfer.ts, whose GET it uses); a refusal throws a
 * `SyncError` with the server's message. Nothing is stored: the screen
 * keeps what it read for as long as it is shown.
 */
import { useCallback } from 'react';
import type { z } from 'zod';
import { SyncError } from '../engine/errors';
import { ONLINE_WRITE_MESSAGES } from '../engine/online-writes';
import { useSyncContext } from './context';

export type OnlineRead = <T>(path: string, schema: z.ZodType<T>) => Promise<T>;

export function useOnlineRead(): OnlineRead {
  const { engine } = useSyncContext();
  return useCallback(
    async <T>(path: string, schema: z.ZodType<T>): Promise<T> => {
      // No engine in this tree (a screen shown before sign-in completes): nothing can be asked, as offline.
      if (!engine || !(globalThis.navigator?.onLine ?? true)) throw SyncError.of('network', ONLINE_WRITE_MESSAGES.needsConnection);
      const bytes = await engine.files.download(path);
      let body: unknown;
      try {
        body = JSON.parse(await bytes.text()) as unknown;
      } catch {
        throw SyncError.of('server', ONLINE_WRITE_MESSAGES.unexpected);
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw SyncError.of('server', ONLINE_WRITE_MESSAGES.unexpected);
      return parsed.data;
    },
    [engine],
  );
}
