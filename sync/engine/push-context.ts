/**
 * What a push run is given and what it reports: shared by the run (push.ts)
 * and the modules it is made of, which the run imports and not the reverse.
 */
import type { SyncDatabase } from '../store/database';
import type { SyncErrorInfo } from '../store/types';
import type { BackoffPolicy } from './backoff';
import type { Transport } from './transport';

export interface PushContext {
  db: SyncDatabase;
  transport: Transport;
  backoff: BackoffPolicy;
  random: () => number;
  now: () => number;
  concurrency: number;
  /** Most writes in one batch call (sync/contract/batch.ts); 1 sends each write alone. */
  batchSize: number;
  isStopped: () => boolean;
}

export interface PushResult {
  /** Requests that got an outcome. */
  sent: number;
  /** A request found no server: the rest waits for the next run. */
  networkDown: boolean;
  /** The session is over: nothing more is sent until the user signs in. */
  unauthorized: boolean;
  /** Earliest time a waiting retry is due, or null. */
  nextWakeAt: number | null;
  /** The last retryable error met, for the status. */
  lastError: SyncErrorInfo | null;
}
