/**
 * The sync engine: runs push then pull, one run at a time, in the one tab
 * that holds the engine lock, and decides when to run. A run starts when the
 * engine starts, when the connection returns, when the app comes back to the
 * foreground, about a second after the last local save (from any tab), when
 * a retry falls due, every minute while online, and when asked.
 *
 * The engine publishes its phase and last error in `meta` so every tab shows
 * the same status (status.ts). It is a plain object with injected fetch,
 * auth, lock, environment, clock and timers, so it runs the same in Node
 * tests (fake-indexeddb, plain fetch, no lock, waits that cost no real time)
 * and in the PWA.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { Reader } from '../contract/access';
import type { SyncDatabase } from '../store/database';
import { META, readMeta, writeMeta, type EngineState } from '../store/meta';
import type { SyncErrorInfo } from '../store/types';
import { anonymousAuth, type AuthProvider } from './auth';
import { DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
import { defaultEnvironment, type EngineEnvironment } from './environment';
import { SyncError, syncErrorInfo } from './errors';
import { FileTransfers } from './files-transfer';
import { defaultLock, type EngineLock } from './lock';
import { DEFAULT_PULL_PAGE_SIZE, pullAll } from './pull';
import { push, PUSH_BATCH_SIZE } from './push';
import type { PushContext } from './push-context';
import { readSyncStatus, type SyncStatus } from './status';
import { OnlineWrites } from './online-writes';
import { realTimers, type EngineTimers } from './timers';
import { deviceIdOf } from './device-id';
import { Transport, type FetchFunction } from './transport';

export interface SyncEngineOptions {
  db: SyncDatabase;
  /** API base URL. */
  baseUrl: string;
  auth?: AuthProvider;
  fetch?: FetchFunction;
  /** Per request. Default 30 s. */
  timeoutMs?: number;
  backoff?: BackoffPolicy;
  random?: () => number;
  now?: () => number;
  /** Default: the real ones (timers.ts). A fake keeps to the same clock as `now`. */
  timers?: EngineTimers;
  lock?: EngineLock;
  environment?: EngineEnvironment;
  /** Chains sent in parallel. Default 4. */
  concurrency?: number;
  /** Most writes one batch call carries (push.ts). Default PUSH_BATCH_SIZE; 1: a request per write. */
  pushBatchSize?: number;
  /** Records per pull request. Default 500. */
  pullPageSize?: number;
  /** Several lists' pages per pull call (pull-batch.ts). Default true; false: a call per list and page. */
  pullBatch?: boolean;
  /** False: documented full paging instead of `updated_since` pulls. Default true. */
  incremental?: boolean;
  /** Wait after the last local save before a run. Default 1 s. */
  debounceMs?: number;
  /** Periodic run while online. Default 60 s. */
  intervalMs?: number;
  /**
   * The signed-in user's read rights, asked on every pull: only the lists the
   * user may read are pulled (no 403 calls). Null or absent: every list.
   */
  reader?: () => Reader | null;
  /**
   * Runs online at the start of every pull, awaited, with a GET through the
   * engine's session (one refresh on 401). The app re-reads the signed-in user
   * here (`GET api/user`), so a change of department or permissions reaches
   * the pull's `reader`, the menu and the route guards on the next run. A
   * failure is ignored: the pull goes on with what the device knew.
   */
  beforePull?: (get: (path: string) => Promise<unknown>) => Promise<void>;
}

export interface SyncRunResult {
  /** Push and pull both completed. */
  ok: boolean;
  /** Push requests that got an outcome. */
  pushed: number;
  /** When a waiting retry falls due, if any. */
  nextWakeAt: number | null;
  error: SyncErrorInfo | null;
}

export class SyncEngine {
  readonly db: SyncDatabase;
  /** Downloads for the screens (a file's bytes, a zip), with this engine's session; any tab may use it. */
  readonly files: FileTransfers;
  /** Writes only the server can make (read-only resources' screens), refused offline; any tab may use it. */
  readonly writes: OnlineWrites;
  private readonly options: SyncEngineOptions;
  private readonly transport: Transport;
  private readonly environment: EngineEnvironment;
  private readonly now: () => number;
  private readonly timers: EngineTimers;
  private closed = false;
  private started = false;
  private leading = false;
  private running: Promise<SyncRunResult> | null = null;
  private again = false;
  private lastState: string | null = null;
  /** Cancels the pending debounce or wake-up (EngineTimers.after). */
  private cancelDebounce: (() => void) | null = null;
  private cancelWake: (() => void) | null = null;
  private cleanups: Array<() => void> = [];
  private release: (() => void) | null = null;
  private lockTask: Promise<void> | null = null;

  constructor(options: SyncEngineOptions) {
    this.options = options;
    this.db = options.db;
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? realTimers;
    this.environment = options.environment ?? defaultEnvironment();
    this.transport = new Transport({
      baseUrl: options.baseUrl,
      auth: options.auth ?? anonymousAuth,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      now: this.now,
      deviceId: () => deviceIdOf(this.db),
    });
    this.files = new FileTransfers(this.transport);
    this.writes = new OnlineWrites(this.transport, this.db, { isOnline: () => this.environment.isOnline() });
  }

  /** True while this tab holds the engine lock. */
  get isLeader(): boolean {
    return this.leading;
  }

  /** Queues for the engine lock; once held, syncs now and whenever something calls for it. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    const lock = this.options.lock ?? defaultLock();
    this.lockTask = lock
      .run(() => this.lead())
      .catch((error) => {
        if (!this.closed) console.error('sync engine stopped', error);
      });
  }

  /** Stops scheduling runs and releases the lock. A request already sent finishes on its own. */
  async stop(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.cancelDebounce?.();
    this.cancelWake?.();
    for (const cleanup of this.cleanups) cleanup();
    this.cleanups = [];
    this.release?.();
    await this.lockTask;
  }

  /** Waits for the current run, if any. */
  async settled(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /**
   * Runs push then pull now; if a run is going, one more run follows it and
   * the returned promise covers both.
   */
  syncNow(): Promise<SyncRunResult> {
    if (this.closed) return Promise.resolve({ ok: false, pushed: 0, nextWakeAt: null, error: null });
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.runLoop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Runs until nothing more can be sent: every chain pushed, failed, in
   * conflict or waiting on one, and a pull done after the last push. Waits
   * for retries as they fall due. For tests and benchmarks.
   */
  async drain(options: { timeoutMs?: number } = {}): Promise<SyncRunResult> {
    const deadline = this.now() + (options.timeoutMs ?? 60_000);
    for (;;) {
      const result = await this.syncNow();
      if (result.error?.code === 'unauthorized') throw new SyncError(result.error);
      // Settled: the run pulled after its push, and nothing it could send is left (what remains
      // is failed, in conflict, or waiting on one of those).
      if (result.ok && result.nextWakeAt === null && (result.pushed === 0 || (await this.sendableLeft()) === 0)) return result;
      if (this.closed) return result;
      if (this.now() > deadline) throw new Error(`sync did not settle: ${JSON.stringify(result)}`);
      const wait = result.nextWakeAt === null ? (result.ok ? 0 : 50) : Math.max(0, result.nextWakeAt - this.now());
      if (wait > 0) await new Promise<void>((resolve) => this.timers.after(Math.min(wait, deadline - this.now() + 1), resolve));
    }
  }

  private async sendableLeft(): Promise<number> {
    return this.db.outbox.where('status').anyOf('pending', 'in_flight').count();
  }

  status(): Promise<SyncStatus> {
    return readSyncStatus(this.db, this.environment.isOnline());
  }

  private async lead(): Promise<void> {
    if (this.closed) return;
    this.leading = true;
    const stopped = new Promise<void>((resolve) => {
      this.release = resolve;
    });
    this.cleanups.push(
      this.environment.subscribe((event) => {
        if (event === 'offline') void this.publish({ phase: 'offline', reachable: false, lastError: null });
        else void this.syncNow();
      }),
    );
    this.watchCounters();
    this.cleanups.push(
      this.timers.every(this.options.intervalMs ?? 60_000, () => {
        if (this.environment.isOnline()) void this.syncNow();
      }),
    );
    void this.syncNow();
    await stopped;
    this.leading = false;
  }

  /** Local saves (any tab) debounce a run; an explicit request runs at once. */
  private watchCounters(): void {
    let last: { change?: number; request?: number } | null = null;
    const subscription: Subscription = liveQuery(async () => ({
      change: await readMeta<number>(this.db, META.localChange),
      request: await readMeta<number>(this.db, META.syncRequest),
    })).subscribe({
      next: (counters) => {
        const previous = last;
        last = counters;
        if (!previous) return;
        if (counters.request !== previous.request) void this.syncNow();
        else if (counters.change !== previous.change) this.debounce();
      },
      error: () => undefined,
    });
    this.cleanups.push(() => subscription.unsubscribe());
  }

  private debounce(): void {
    this.cancelDebounce?.();
    this.cancelDebounce = this.timers.after(this.options.debounceMs ?? 1_000, () => {
      this.cancelDebounce = null;
      void this.syncNow();
    });
  }

  private scheduleWake(at: number | null): void {
    this.cancelWake?.();
    this.cancelWake = null;
    if (at === null || this.closed || !this.started) return;
    this.cancelWake = this.timers.after(Math.max(0, at - this.now()), () => {
      this.cancelWake = null;
      void this.syncNow();
    });
  }

  private async runLoop(): Promise<SyncRunResult> {
    let result: SyncRunResult;
    do {
      this.again = false;
      result = await this.runOnce();
    } while (this.again && !this.closed);
    return result;
  }

  private async runOnce(): Promise<SyncRunResult> {
    const failed = (error: SyncErrorInfo, nextWakeAt: number | null = null, pushed = 0): SyncRunResult => ({
      ok: false,
      pushed,
      nextWakeAt,
      error,
    });
    try {
      if (!this.environment.isOnline()) {
        await this.publish({ phase: 'offline', reachable: false, lastError: null });
        return failed(syncErrorInfo('network'));
      }
      await this.publish({ phase: 'pushing', reachable: true, lastError: null });
      const pushed = await push(this.pushContext());
      if (pushed.unauthorized) {
        const error = syncErrorInfo('unauthorized');
        await this.publish({ phase: 'unauthorized', reachable: true, lastError: error });
        return failed(error, null, pushed.sent);
      }
      if (pushed.networkDown) {
        const error = pushed.lastError ?? syncErrorInfo('network');
        await this.publish({ phase: 'offline', reachable: false, lastError: error });
        this.scheduleWake(pushed.nextWakeAt);
        return failed(error, pushed.nextWakeAt, pushed.sent);
      }
      await this.publish({ phase: 'pulling', reachable: true, lastError: pushed.lastError });
      await this.beforePull();
      // The large lists' stored search rows into memory first, so the pull's writes update them (search-cache.ts).
      await this.db.searchCache.loadStored();
      try {
        await pullAll({
          db: this.db,
          transport: this.transport,
          pageSize: this.options.pullPageSize ?? DEFAULT_PULL_PAGE_SIZE,
          incremental: this.options.incremental ?? true,
          batch: this.options.pullBatch ?? true,
          isStopped: () => this.closed,
          reader: this.options.reader?.() ?? null,
        });
      } catch (error) {
        if (!(error instanceof SyncError)) throw error;
        const phase = error.code === 'network' ? 'offline' : error.code === 'unauthorized' ? 'unauthorized' : 'error';
        await this.publish({ phase, reachable: error.code !== 'network', lastError: error.info });
        // A failed pull is retried on the next wake-up or timer; keep the push's own retry time.
        this.scheduleWake(pushed.nextWakeAt ?? this.now() + (this.options.backoff ?? DEFAULT_BACKOFF).baseMs);
        return failed(error.info, pushed.nextWakeAt, pushed.sent);
      }
      await writeMeta(this.db, META.lastSyncAt, new Date(this.now()).toISOString());
      // The large lists this pull wrote keep their search rows for the next session (search-snapshot.ts).
      this.db.searchCache.keepSnapshots();
      await this.publish({ phase: 'idle', reachable: true, lastError: pushed.lastError });
      this.scheduleWake(pushed.nextWakeAt);
      return { ok: true, pushed: pushed.sent, nextWakeAt: pushed.nextWakeAt, error: null };
    } catch (error) {
      if (this.closed || this.db.closedOnPurpose) return failed(syncErrorInfo('server', 'Sincronização interrompida.'));
      console.error('sync run failed', error);
      const info = syncErrorInfo('server', error instanceof Error ? error.message : undefined);
      await this.publish({ phase: 'error', reachable: true, lastError: info }).catch(() => undefined);
      return failed(info);
    }
  }

  private async beforePull(): Promise<void> {
    const hook = this.options.beforePull;
    if (!hook) return;
    const get = async (path: string) => {
      const outcome = await this.transport.send({ method: 'GET', path });
      if (outcome.kind !== 'response' || outcome.status !== 200)
        throw new Error(`GET ${path}: ${outcome.kind === 'response' ? outcome.status : outcome.kind}`);
      return outcome.body;
    };
    try {
      await hook(get);
    } catch {
      // Unreachable, refused or unreadable: the pull itself reports what matters.
    }
  }

  private pushContext(): PushContext {
    return {
      db: this.db,
      transport: this.transport,
      backoff: this.options.backoff ?? DEFAULT_BACKOFF,
      random: this.options.random ?? Math.random,
      now: this.now,
      concurrency: this.options.concurrency ?? 4,
      batchSize: this.options.pushBatchSize ?? PUSH_BATCH_SIZE,
      isStopped: () => this.closed,
    };
  }

  /** Writes the engine state for every tab, only when it changed. */
  private async publish(state: EngineState): Promise<void> {
    const serialised = JSON.stringify(state);
    if (serialised === this.lastState) return;
    this.lastState = serialised;
    await writeMeta(this.db, META.engineState, state);
  }
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  return new SyncEngine(options);
}
