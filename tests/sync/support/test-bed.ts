/**
 * The lifecycle the engine test files share: one real server per file
 * (started before its tests, closed after them), devices opened per test and
 * closed after it, and the proxy's faults cleared between tests. Each device
 * runs on a clock of its own whose waits cost no real time (test-clock.ts).
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openClient, type ClientOptions, type TestClient } from './sync-client';
import { startSyncServer, type SyncServer, type SyncServerOptions } from './sync-server';
import { TestClock } from './test-clock';

/** A device on a TestClock: `clock.skip` moves its time. */
export type ClockedClient = TestClient & { clock: TestClock };

export interface SyncTestBed {
  /** The file's server. Usable at module level: it stands for the server the file starts before its tests. */
  server: SyncServer;
  /** A device signed in as the administrator; unless `drained: false`, it has done its first sync. */
  device(options?: ClientOptions, setup?: { drained?: boolean }): Promise<ClockedClient>;
  /** Reloads a device (`TestClient.reload`), on the same clock; the new one is closed after the test in its place. */
  reload(client: ClockedClient): Promise<ClockedClient>;
}

export function useSyncServer(options: SyncServerOptions = {}): SyncTestBed {
  let started: SyncServer | undefined;
  const clients: TestClient[] = [];
  beforeAll(async () => {
    started = await startSyncServer(options);
  });
  afterEach(async () => {
    started?.proxy.clearFaults();
    for (const client of clients.splice(0)) await client.close();
  });
  afterAll(async () => {
    await started?.close();
  });

  // Tests name `server` at module level, before beforeAll has run: this stand-in reads the started one.
  const server = new Proxy({} as SyncServer, {
    get(_target, property) {
      if (!started) throw new Error('the sync server is not started yet (use it inside a test or hook)');
      return started[property as keyof SyncServer];
    },
  });

  return {
    server,
    async device(options = {}, { drained = true } = {}) {
      const clock = options.clock ?? new TestClock();
      const client = { ...(await openClient(server, { ...options, clock })), clock };
      clients.push(client);
      if (drained) await client.engine.drain();
      return client;
    },
    async reload(client) {
      const fresh = { ...(await client.reload()), clock: client.clock };
      clients.splice(clients.indexOf(client), 1, fresh);
      return fresh;
    },
  };
}
