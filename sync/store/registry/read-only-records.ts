/**
 * The read-only records as the screens read them (see catalog-records.ts
 * for the conventions). They join `ResourceRecordMap` by interface merging.
 */
import type { ModuleRecord, NamedRecord } from '@sync/contract/lookups';
import type { Setting } from '@sync/contract/settings';
import type { UserRecord } from '@sync/contract/user-list';
import type { LocalRecordBase } from './catalog-records';

type Local<T> = LocalRecordBase & Omit<T, 'id' | 'created_at' | 'updated_at'>;

export type LocalSetting = Local<Setting>;
export type LocalModule = Local<ModuleRecord>;
export type LocalNamedRecord = Local<NamedRecord>;
/** A user of the users list; `deleted_at` set: deleted (kept as seller of old quotations, hidden from selection). */
export type LocalUser = Local<UserRecord>;

declare module './catalog-records' {
  interface ResourceRecordMap {
    settings: LocalSetting;
    modules: LocalModule;
    user_types: LocalNamedRecord;
    roles: LocalNamedRecord;
    payment_types: LocalNamedRecord;
    exposition_types: LocalNamedRecord;
    sample_types: LocalNamedRecord;
    users: LocalUser;
  }
}
