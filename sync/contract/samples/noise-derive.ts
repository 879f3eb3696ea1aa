/**
 * The noise sample's computed fields brought up to date from its other
 * blocks, without any tab shown: the Resultado figures, conclusion and
 * colour from the field memory and the thresholds. The tabs do the same
 * while shown; this is for the page to run on every change or before
 * Salvar, so a sample saved without opening Resultado still carries its
 * figures. Returns the same object when nothing changes.
 */
import type { NoiseThresholds } from '@/domain/result-thresholds';
import { normaliseNoiseBlock } from '@sync/contract/samples/noise';
import { fillNoiseResult } from './noise-result-fill';

type Blocks = { memory_field?: unknown; result?: unknown };

export function deriveNoiseBlocks<B extends Blocks>(blocks: B, thresholds: NoiseThresholds): B {
  const memory = normaliseNoiseBlock('memory_field', blocks.memory_field);
  const result = normaliseNoiseBlock('result', blocks.result);
  const filled = fillNoiseResult(result, memory, thresholds).result;
  return JSON.stringify(filled) === JSON.stringify(result) ? blocks : { ...blocks, result: filled };
}
