/**
 * Reading the contract version a row of the store was written under
 * (sync/contract/contract-version.ts): outbox entries and drafts keep it in
 * `contract_version`, records in `_contract_version` (a record's top-level
 * fields are its wire fields; sync metadata starts with `_`). A row without
 * one was written before versions were stamped, by a build of store version
 * 10 or earlier.
 */
import { UNSTAMPED_CONTRACT_VERSION } from '../contract/contract-version';
import type { DraftRow } from './drafts';
import type { OutboxEntry, StoredRecord } from './types';

/** The contract version that queued an entry or wrote a draft. */
export function rowContractVersion(row: Pick<OutboxEntry, 'contract_version'> | Pick<DraftRow, 'contract_version'>): number {
  return row.contract_version ?? UNSTAMPED_CONTRACT_VERSION;
}

/** The contract version that last wrote a record's fields. */
export function recordContractVersion(record: Pick<StoredRecord, '_contract_version'>): number {
  return record._contract_version ?? UNSTAMPED_CONTRACT_VERSION;
}
