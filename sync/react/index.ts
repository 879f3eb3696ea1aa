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
export * from './use-online-write';
export * from './use-read-only-list';
export * from './use-record-sync-state';
export * from './use-online-read';
export * from './use-record-commands';
export * from './use-unsent-data-transfer';
export * from './use-upload-queue';

/*
 * What screens read besides the hooks (the one public face of sync for src/features,
 * src/entities, src/ui and src/routes/admin; scripts/boundaries/rules.ts holds them to it):
 * the local record types, the errors and reports they show, the session's user checks,
 * and the few store, engine and HTTP calls a screen makes (drafts, record files, a password reset).
 */
export { rebaseDraft } from '../engine/draft-rebase';
export { COMMAND_MESSAGES } from '../engine/commands';
export type { SyncEngine } from '../engine/engine';
export type { ConflictChoice, DiscardReport } from '../engine/entry-actions';
export { SyncError } from '../engine/errors';
export { cacheFile, readDeviceFile } from '../engine/files';
export type { FileTransfers } from '../engine/files-transfer';
export type { FieldChoice } from '../engine/merge';
export { UnitOfWorkError } from '../engine/mutations';
export type { RecordSave } from '../engine/mutations';
export { labelOfPath } from '../engine/path-labels';
export { addRecordFiles, readRecordFiles, recordFileBytes } from '../engine/record-files';
export type { NewRecordFile, RecordFile } from '../engine/record-files';
export type { FieldDifference, PendingChange } from '../engine/reports';
export type { SyncStatus } from '../engine/status';
export type { ApiClient } from '../http';
export type { PasswordResetInput } from '../http/account-api';
export { API_ERROR_MESSAGES, errorMessageLines, isApiRequestError } from '../http/api-error';
export type { SignInResult } from '../session';
export { isAdminUser, isCustomerUser } from '../session/session-user';
export type { SyncDatabase } from '../store/database';
export { draftKey, readDraft, removeDraft, writeDraft } from '../store/drafts';
export { sameValue } from '../store/local-record';
export { readPage, readRecord, readRecordById } from '../store/queries';
export type { PageQuery } from '../store/queries';
export { samples } from '../store/registry';
export type { LocalSample } from '../store/registry';
export type {
  LocalCost,
  LocalEquipment,
  LocalEquipmentCategory,
  LocalProduct,
  LocalProductEquipment,
  LocalProductType,
  LocalSamplingMethod,
  LocalService,
  LocalServiceEquipment,
  ResourceInput,
  ResourceName,
  ResourceRecordMap,
} from '../store/registry/catalog-records';
export type { LocalCustomer, LocalCustomerAddress, LocalCustomerFile } from '../store/registry/customer-records';
export { ADDRESS_FIELD_LABELS } from '../store/registry/customers';
export type { LocalQuotation } from '../store/registry/quotation-records';
export type { LocalNamedRecord, LocalUser } from '../store/registry/read-only-records';
export type { LocalSampleFile } from '../store/registry/sample-records';
export { matchesAllWords, queryWordsOf, wordsOf } from '../store/search-index';
export type { OutboxEntry, OutboxOperation, OutboxStatus, RecordFields } from '../store/types';
