/**
 * FIELD-UX item 3 on the sample page: which required fields of the sample's
 * type (its rules table, sample-tabs.ts) are still blank, for the tab marks
 * and 'Verificar'. Drafts may be incomplete: this only informs, a save is
 * never refused for it.
 */
import type { SampleTypeSlug } from '@sync/contract/samples';
import { type MissingField, missingCountByBlock, missingFields, type RequiredField } from '@/domain/form-paths';
import { SAMPLE_TYPE_RULES } from './sample-tabs';
import type { SampleBlocks } from './use-sample-draft';

export function requiredFieldsOf(slug: SampleTypeSlug | undefined): readonly RequiredField[] {
  return slug ? SAMPLE_TYPE_RULES[slug].required : [];
}

/** The blank required fields of a sample's blocks, in the table's order. */
export function sampleMissing(slug: SampleTypeSlug | undefined, blocks: SampleBlocks): MissingField[] {
  return missingFields(blocks, requiredFieldsOf(slug));
}

/** Per tab: the blank required fields, or undefined for a tab with none required (no mark). */
export function sampleTabMarks(slug: SampleTypeSlug | undefined, blocks: SampleBlocks): Partial<Record<string, number>> {
  return missingCountByBlock(blocks, requiredFieldsOf(slug));
}
