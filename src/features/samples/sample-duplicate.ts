/**
 * 'Duplicar amostra' (FIELD-UX item 9): a new sample of the same quotation,
 * agent row and type, made from what the page shows (unsaved changes
 * included), with what its type's rules clear (the worker, times, readings,
 * figures, classification and validation; noise/noise-rules.ts and
 * heat/heat-rules.ts) back to a new sample's values. It is a local create
 * like 'Nova amostra' (offline too): no plan unit, so the server adds it
 * beside the plan's sample of the row instead of folding it into that slot,
 * and the next number this device knows for the quotation. Photos are the
 * source's own records and are never copied.
 */
import { useCallback } from 'react';
import { sampleTypeById } from '@sync/contract/samples';
import { useSyncDatabase } from '@sync/react/context';
import { useSyncActions } from '@sync/react/use-sync-actions';
import type { LocalSample } from '@sync/react';
import { clearForCopy } from '@/domain/form-paths';
import { nextSampleNo } from './sample-list-logic';
import { SAMPLE_TYPE_RULES } from './sample-tabs';
import type { SampleBlocks } from './use-sample-draft';

/** The blocks of the copy: the source's, with its type's cleared fields back to a new sample's. */
export function duplicateBlocks(typeId: number, blocks: SampleBlocks): SampleBlocks {
  const slug = sampleTypeById(typeId)?.slug;
  if (!slug) return structuredClone(blocks);
  const rules = SAMPLE_TYPE_RULES[slug];
  return clearForCopy(blocks, rules.cleared, (block) => rules.emptyBlock(block as keyof SampleBlocks));
}

/** Two samples of one quotation: the same local key or the same server id. */
function sameQuotation(a: LocalSample, b: LocalSample): boolean {
  return (a.quotation_key !== null && a.quotation_key === b.quotation_key) || (a.quotation_id !== null && a.quotation_id === b.quotation_id);
}

/** The new sample's values for the local create. */
export function duplicateValues(source: LocalSample, blocks: SampleBlocks, siblings: readonly LocalSample[]) {
  return {
    ...(source.quotation_key ? { quotation_key: source.quotation_key } : { quotation_id: source.quotation_id }),
    type_id: source.type_id,
    quotation_row_id: source.quotation_row_id,
    plan_unit: null,
    sample_no: nextSampleNo(siblings.filter((sample) => sameQuotation(sample, source))),
    agent_name: source.agent_name,
    chemical_agent: source.chemical_agent,
    ...duplicateBlocks(source.type_id, blocks),
  };
}

/** Creates the copy on the device (queued for sync) and answers its key; throws the save's SyncError. */
export function useDuplicateSample(): (source: LocalSample, blocks: SampleBlocks) => Promise<string> {
  const db = useSyncDatabase();
  const { saveRecord } = useSyncActions();
  return useCallback(
    async (source, blocks) => {
      // Read at the click (the page keeps no list of samples): a quotation's samples are few.
      const stored = (await db.records('samples').toArray()) as unknown as LocalSample[];
      const siblings = stored.filter((sample) => !(sample as { _deleted?: unknown })._deleted);
      return saveRecord('samples', null, duplicateValues(source, blocks, siblings));
    },
    [db, saveRecord],
  );
}
