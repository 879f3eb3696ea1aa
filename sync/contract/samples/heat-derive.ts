/**
 * The heat sample's computed fields brought up to date from its other
 * blocks, without any tab shown: the Resultado figures from the field
 * memory's tasks and the clothing, and the classification's condition (with
 * its proposals). The tabs do the same while shown; this is for the page to
 * run on every change or before Salvar, so a sample saved without opening
 * Resultado still carries its figures. Returns the same object when nothing
 * changes.
 */
import { normaliseHeatBlock } from '@sync/contract/samples/heat';
import { assessRows, fillHeatClassification, fillHeatResult } from './heat-fill';

type Blocks = { memory_field?: unknown; result?: unknown; risk_classification?: unknown };

export function deriveHeatBlocks<B extends Blocks>(blocks: B): B {
  const memory = normaliseHeatBlock('memory_field', blocks.memory_field);
  const result = normaliseHeatBlock('result', blocks.result);
  const classification = normaliseHeatBlock('risk_classification', blocks.risk_classification);
  const assessment = assessRows(memory.tasks, result.clothing);
  const nextResult = fillHeatResult(result, assessment);
  const nextClassification = fillHeatClassification(classification, assessment);
  const resultChanged = JSON.stringify(nextResult) !== JSON.stringify(result);
  if (!resultChanged && nextClassification === classification) return blocks;
  return { ...blocks, result: nextResult, risk_classification: nextClassification };
}
