/**
 * The sampling plan as the device makes it (offline too): one sample
 * create per slot of `plannedSamples` (the same function the server's
 * `POST api/sample/quotation` uses), all in one unit of work, so the
 * samples exist on the device at once and are sent later. The server keeps
 * one sample per slot, so this plan, another device's and the documented
 * call end as one (docs/decisions/samples-plan-and-page.md). Each sample
 * names its row by `row_id` (by position only while this device holds the
 * quotation as it was before rows had ids; the server maps it) and starts
 * with the row's sector, function and agent.
 */
import { plannedSamples } from '@sync/contract/samples';
import type { LocalQuotation, RecordSave } from '@sync/react';

/** The plan of a quotation as the saves of one unit of work (the quotation referenced by its local key). */
export function planSaves(quotation: Pick<LocalQuotation, 'key' | 'rows'>): Array<RecordSave & { resource: 'samples' }> {
  return plannedSamples(quotation.rows).map((slot) => ({
    resource: 'samples',
    key: null,
    fields: {
      quotation_key: quotation.key,
      ...slot,
      chemical_agent: null,
      result: {},
      risk_classification: {},
      validation: {},
    },
  }));
}

/** A plan can be made from an approved quotation the server says allows it and that has no sample on this device. */
export function canCreatePlan(quotation: Pick<LocalQuotation, 'status' | 'able_create_sample'>, localSamples: number): boolean {
  return quotation.status === 'approved' && quotation.able_create_sample !== false && localSamples === 0;
}
