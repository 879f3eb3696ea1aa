/**
 * The vibration sample's computed fields brought up to date from its other
 * blocks (descriptor.ts `derive`): the same pure function runs on the device
 * at every change and before Salvar, on the server at every save, and before
 * the report.
 *
 * - Memória de campo (vibration-rows.ts): the type proposed from the agent
 *   while none is chosen, and each measurement's arep and VDV;
 * - Resultado (vibration-figures.ts fillVibrationResult): the rows of the
 *   type with AREN and VDVR from the measurements, each with its basis and
 *   band colour; a result typed over on purpose is kept;
 * - Classificação de risco (fillVibrationClassification): AREN and VDVR with
 *   their bands and colours, and the proposals the technician has not
 *   chosen otherwise.
 *
 * Returns the same object when nothing changes.
 */
import { normaliseVibrationBlock } from './vibration';
import { fillVibrationClassification, fillVibrationResult } from './vibration-figures';
import { deriveVibrationMemory } from './vibration-rows';

type Blocks = { memory_field?: unknown; result?: unknown; risk_classification?: unknown };

export function deriveVibrationBlocks<B extends Blocks>(blocks: B): B {
  const storedMemory = deriveVibrationMemory(blocks.memory_field);
  const memory = normaliseVibrationBlock('memory_field', storedMemory);
  const result = normaliseVibrationBlock('result', blocks.result);
  const classification = normaliseVibrationBlock('risk_classification', blocks.risk_classification);
  const nextResult = fillVibrationResult(result, memory);
  const nextClassification = fillVibrationClassification(classification, nextResult, memory);
  const memoryChanged = storedMemory !== blocks.memory_field;
  if (!memoryChanged && nextResult === result && nextClassification === classification) return blocks;
  return {
    ...blocks,
    ...(memoryChanged ? { memory_field: storedMemory } : {}),
    ...(nextResult !== result ? { result: nextResult } : {}),
    ...(nextClassification !== classification ? { risk_classification: nextClassification } : {}),
  };
}
