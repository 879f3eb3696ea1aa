/**
 * The server's own figures on every save of a sample (issue 21): after the
 * body is validated, the type's descriptor derives the computed figures
 * from the inputs (descriptor.ts `derive`: the same pure function the
 * device runs at every keystroke) with the thresholds of Settings >
 * Resultados as the server has them, and every row saved before rows had
 * ids gets one (`withRowIds`). The server stores what it computed, so a
 * device that sent a stale or wrong figure gets the server's back in the
 * answer (and every reader afterwards); a figure the technician typed over
 * on purpose is kept, because the derivation keeps it.
 *
 * Thresholds are read once per save, inside its transaction (the options
 * `result_chemical` and `result_noise`, the same rows the devices pull), so a
 * save sees the settings as they are when it writes. Parsing them is cached
 * by the stored text: a changed setting is a different text, so the cache
 * can never answer old thresholds; it only spares the parse.
 */
import { inArray } from 'drizzle-orm';
import { parseResultThresholds } from '@/domain/result-thresholds-parse';
import type { ResultThresholds } from '@/domain/result-thresholds';
import { RESULT_OPTIONS } from '@sync/contract/settings-groups';
import { withRowIds, type SampleBlocks } from '@sync/contract/samples/descriptor';
import { descriptorOfType } from '@sync/contract/samples/descriptors';
import type { Tx } from '@server/db/client';
import { options } from '@server/db/schema';

let parsed: { chemical: string | null; noise: string | null; thresholds: ResultThresholds } | null = null;

/** The thresholds of the stored texts (absent settings give the seeded defaults), parsed once per distinct text. */
export function thresholdsOf(chemical: string | null, noise: string | null): ResultThresholds {
  if (parsed && parsed.chemical === chemical && parsed.noise === noise) return parsed.thresholds;
  const thresholds = parseResultThresholds({ chemical: chemical ?? undefined, noise: noise ?? undefined });
  parsed = { chemical, noise, thresholds };
  return thresholds;
}

/** The result thresholds as stored now (one small read in the caller's transaction). */
export async function readResultThresholds(tx: Tx): Promise<ResultThresholds> {
  const rows = await tx
    .select({ option: options.option, value: options.value })
    .from(options)
    .where(inArray(options.option, [RESULT_OPTIONS.chemical, RESULT_OPTIONS.noise]));
  const storedText = (option: string) => rows.find((row) => row.option === option)?.value ?? null;
  return thresholdsOf(storedText(RESULT_OPTIONS.chemical), storedText(RESULT_OPTIONS.noise));
}

/**
 * The blocks to store: the type's figures derived from the inputs and a row
 * id on every row. A type the server does not know is stored as sent (the
 * body's validation refuses it first anyway). Returns the same object when
 * nothing changes.
 */
export function blocksWithFigures(typeId: unknown, blocks: SampleBlocks, thresholds: ResultThresholds): SampleBlocks {
  const descriptor = descriptorOfType(typeId);
  if (!descriptor) return blocks;
  return withRowIds(descriptor, descriptor.derive(blocks, { thresholds }));
}
