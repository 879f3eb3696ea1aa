/**
 * The sync engine's public API: the engine itself, the local write path
 * (save, delete), the actions on outbox entries (retry, resolve, discard),
 * status and pending-change reads, errors and the small interfaces the
 * engine is given (auth, fetch, lock, environment).
 */
export { SyncEngine, createSyncEngine, type SyncEngineOptions, type SyncRunResult } from './engine';
export { saveRecord, deleteRecord, requestSync, type DeleteResult, type MutationOptions } from './mutations';
export {
  retryEntry,
  resolveConflict,
  discardEntry,
  previewDiscard,
  type ConflictChoice,
  type DiscardReport,
} from './entry-actions';
export { readPendingChanges, OPERATION_LABELS, STATUS_LABELS, type PendingChange, type FieldDifference } from './reports';
export { readSyncStatus, type SyncStatus } from './status';
export { SyncError, SYNC_MESSAGES, syncErrorInfo, type SyncErrorCode, type SyncErrorInfo } from './errors';
export { anonymousAuth, type AuthProvider } from './auth';
export { DEFAULT_BACKOFF, backoffDelay, backoffCeiling, parseRetryAfter, type BackoffPolicy } from './backoff';
export { Transport, type FetchFunction, type HttpOutcome, type HttpRequest } from './transport';
export { defaultLock, noLock, webLocksLock, ENGINE_LOCK_NAME, type EngineLock } from './lock';
export {
  browserEnvironment,
  defaultEnvironment,
  manualEnvironment,
  type EngineEnvironment,
  type ManualEnvironment,
} from './environment';
export { PULL_EPOCH, PULL_OVERLAP_MS } from './pull';
export { saveRecordWithFile, readDeviceFile, keysWithDeviceFiles, cacheFile, FILE_MESSAGES, type DeviceFile } from './files';
export { readUploadProgress, type UploadProgress } from './files-progress';
export { FileTransfers, TRANSFER_MESSAGES } from './files-transfer';
