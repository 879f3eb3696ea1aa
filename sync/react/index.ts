/**
 * React bindings of the local store and the sync engine (see sync/README.md).
 */
export * from './context';
export * from './use-local-page';
export * from './use-local-record';
export * from './use-sync-status';
export * from './use-sync-actions';
export * from './use-route-record';
export * from './use-outbox-problems';
export * from './use-record-files';
export type { LiveState } from './use-live';
export * from './use-pending-commands';
export * from './use-record-sync-state';
