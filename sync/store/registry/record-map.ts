/**
 * Resource name → the record type the hooks return for it, derived from the
 * registry's list of definitions: a resource added to the list is a name
 * the hooks accept, read as its derived record type, with no second edit.
 */
import type { LocalRecordBase, LocalRecordOf, LocalRecordRefinements } from './local-record-types';
import type { SYNCED_RESOURCES } from './synced-resources';

type Definition = (typeof SYNCED_RESOURCES)[number];

export type ResourceRecordMap = {
  [D in Definition as D['name']]: D['name'] extends keyof LocalRecordRefinements ? LocalRecordRefinements[D['name']] : LocalRecordOf<D>;
};

export type ResourceName = keyof ResourceRecordMap;

/** What a save takes: editable fields, references by local key (or server id). */
export type ResourceInput<R extends ResourceName> = Partial<Omit<ResourceRecordMap[R], keyof LocalRecordBase | 'slug'>>;
