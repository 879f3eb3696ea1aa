/**
 * The chemical sample's computed fields brought up to date from its other
 * blocks (descriptor.ts `derive`): the same pure function runs on the device
 * at every change and before Salvar, on the server at every save, and
 * before the report.
 *
 * - Memória de campo: each agent row's total time and volume from its times
 *   and flow, unless typed over on purpose (chemical-figures.ts
 *   `agentRowFigures`); worked on the rows as stored, so a row is only
 *   rewritten field by field when a figure changes;
 * - Resultado: one row per agent row, following it (chemical-rows.ts), each
 *   with its deviation factor, maximum value, risk level, conclusion,
 *   colour and criterion from the chemical thresholds;
 * - Classificação de risco: a legacy single record as the list, one item
 *   per result row with its index, LEO % and frequency;
 * - Validação da medição: the flow variation and its check against the
 *   tolerance.
 *
 * Returns the same object when nothing changes.
 */
import type { ChemicalThresholds } from '@/domain/result-thresholds';
import { type ChemicalResult, normaliseChemicalBlock } from './chemical';
import { agentRowFigures, fillResultRow, fillValidation } from './chemical-figures';
import { followAgentRows, followResultRows } from './chemical-rows';

type Blocks = { memory_field?: unknown; result?: unknown; risk_classification?: unknown; validation?: unknown };
type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One stored agent row with its figures up to date (the same object when they already are). */
function deriveAgentRow(row: unknown): unknown {
  if (!isRow(row)) return row;
  const figures = agentRowFigures(row);
  const changed = (Object.keys(figures) as Array<keyof typeof figures>).filter((key) => figures[key] !== (row[key] ?? ''));
  if (changed.length === 0) return row;
  const next: Row = { ...row };
  for (const key of changed) next[key] = figures[key];
  return next;
}

/**
 * The quotation row's agent, which a planned sample's field memory starts
 * with (sample.ts `rowPrefill`: `agent` beside the rows), moved into the
 * first agent row when that row names no agent yet; dropped otherwise (the
 * sample keeps it as `agent_name`). The same object without it.
 */
export function withPrefilledAgent<M>(memory: M): M {
  if (!isRow(memory) || !('agent' in memory)) return memory;
  const { agent, ...rest } = memory;
  const rows: unknown[] = Array.isArray(rest.agents) ? rest.agents : [];
  const first = rows[0];
  const name = typeof agent === 'string' ? agent.trim() : '';
  const free = first === undefined || (isRow(first) && (first.agent ?? '') === '' && (first.agent_id ?? null) === null);
  if (name === '' || !free) return rest as M;
  return { ...rest, agents: [{ ...(isRow(first) ? first : {}), agent: name }, ...rows.slice(1)] } as M;
}

/** The stored field memory with every agent row's figures up to date (the same object when they already are). */
export function deriveAgentRows<M>(stored: M): M {
  const memory = withPrefilledAgent(stored);
  if (!isRow(memory) || !Array.isArray(memory.agents)) return memory;
  const agents: unknown[] = memory.agents;
  const rows = agents.map(deriveAgentRow);
  return rows.some((row, index) => row !== agents[index]) ? ({ ...memory, agents: rows } as M) : memory;
}

/** The result block following the agent rows, every row's figures filled. */
export function fillChemicalResult(result: ChemicalResult, memory: unknown, thresholds: ChemicalThresholds): ChemicalResult {
  const agents = normaliseChemicalBlock('memory_field', withPrefilledAgent(memory)).agents;
  return { ...result, agents: followAgentRows(result.agents, agents).map((row) => fillResultRow(row, thresholds)) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function deriveChemicalBlocks<B extends Blocks>(blocks: B, thresholds: ChemicalThresholds): B {
  const storedMemory = deriveAgentRows(blocks.memory_field);
  const result = normaliseChemicalBlock('result', blocks.result);
  const classification = normaliseChemicalBlock('risk_classification', blocks.risk_classification);
  const validation = normaliseChemicalBlock('validation', blocks.validation);
  const nextResult = fillChemicalResult(result, storedMemory, thresholds);
  const nextClassification = { ...classification, classifications: followResultRows(classification.classifications, nextResult.agents, thresholds) };
  const nextValidation = fillValidation(validation);
  const changes = {
    ...(storedMemory !== blocks.memory_field ? { memory_field: storedMemory } : {}),
    ...(same(nextResult, result) ? {} : { result: nextResult }),
    // A legacy single record is written in the list form even when its values stay.
    ...(same(nextClassification, classification) && !isLegacy(blocks.risk_classification) ? {} : { risk_classification: nextClassification }),
    ...(same(nextValidation, validation) ? {} : { validation: nextValidation }),
  };
  return Object.keys(changes).length === 0 ? blocks : { ...blocks, ...changes };
}

function isLegacy(stored: unknown): boolean {
  return isRow(stored) && !Array.isArray(stored.classifications) && ['agent_chemical', 'index', 'leo', 'frequency'].some((key) => key in stored);
}
