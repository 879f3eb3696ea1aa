/**
 * The heat sample's computed fields brought up to date from its other
 * blocks (descriptor.ts `derive`): the same pure function runs on the device
 * at every change and before Salvar, and on the server at every save.
 *
 * - Memória de campo: each task row's duration and IBUTG from its times and
 *   readings, unless typed over on purpose (heat-rows.ts);
 * - Resultado: the figures of the critical 60 minutes from those tasks and
 *   the clothing (heat-figures.ts fillHeatResult), and the `criterion` they
 *   were computed by (NHO 06 edition, limit source, clothing increment;
 *   '' without figures);
 * - Classificação de risco: the condition (with its proposals).
 *
 * Returns the same object when nothing changes.
 */
import { normaliseHeatBlock } from './heat';
import { assessRows, fillHeatClassification, fillHeatResult, heatCriterionText } from './heat-figures';
import { deriveTaskRows } from './heat-rows';

type Blocks = { memory_field?: unknown; result?: unknown; risk_classification?: unknown };

export function deriveHeatBlocks<B extends Blocks>(blocks: B): B {
  const storedMemory = deriveTaskRows(blocks.memory_field);
  const memory = normaliseHeatBlock('memory_field', storedMemory);
  const result = normaliseHeatBlock('result', blocks.result);
  const classification = normaliseHeatBlock('risk_classification', blocks.risk_classification);
  const assessment = assessRows(memory.tasks, result.clothing);
  const nextResult = { ...fillHeatResult(result, assessment), criterion: assessment ? heatCriterionText(assessment) : '' };
  const nextClassification = fillHeatClassification(classification, assessment);
  const memoryChanged = storedMemory !== blocks.memory_field;
  const resultChanged = JSON.stringify(nextResult) !== JSON.stringify(result);
  if (!memoryChanged && !resultChanged && nextClassification === classification) return blocks;
  return {
    ...blocks,
    ...(memoryChanged ? { memory_field: storedMemory } : {}),
    result: nextResult,
    risk_classification: nextClassification,
  };
}
