/**
 * Which method applies to a chemical agent row, and what it proposes and
 * warns about (pure; the hook gives the methods):
 *
 * - `methodForAgent`: the method linked to the agent just chosen, with what
 *   the row takes from it (its name, sampler and a flow in the middle of its
 *   range). Several methods for one agent: the first by name, so every
 *   device proposes the same;
 * - `methodOfRow`: the method a row names in `agent_method` ('NIOSH 1501',
 *   or 'NIOSH 7602 (difração de raios X)': the name, then anything after a
 *   space); a blank method falls back to the agent's; a method typed by hand
 *   that the catalog does not know is no method (nothing is checked);
 * - `methodWarnings`: the row's warnings against that method
 *   (src/domain/sampling-method-checks.ts), none without a method.
 */
import { samplingMethodLabel } from '@sync/contract/sampling-methods';
import type { LocalSamplingMethod } from '@sync/react';
import { formatDecimal } from '@/domain/decimal';
import { proposedFlow, samplingMethodWarnings, type MethodWarning, type SampledValues } from '@/domain/sampling-method-checks';

export interface MethodProposal {
  method: LocalSamplingMethod;
  /** The row's `agent_method`: 'NIOSH 1501'. */
  code: string;
  /** The row's `sampler_type`; '' when the method names none. */
  sampler: string;
  /** The row's `pump_flow` as typed: the middle of the range at the pump's 0.01 step ('0,11'); '' without a flow range. */
  pumpFlow: string;
}

const byName = (a: LocalSamplingMethod, b: LocalSamplingMethod) =>
  samplingMethodLabel(a).localeCompare(samplingMethodLabel(b), 'pt-BR', { numeric: true, sensitivity: 'base' }) || a.key.localeCompare(b.key);

function linkedTo(methods: readonly LocalSamplingMethod[], agentId: number | null | undefined): LocalSamplingMethod[] {
  if (agentId === null || agentId === undefined) return [];
  return methods.filter((method) => method.agent_ids.includes(agentId)).sort(byName);
}

export function methodForAgent(methods: readonly LocalSamplingMethod[], agentId: number | null | undefined): MethodProposal | null {
  const [method] = linkedTo(methods, agentId);
  if (!method) return null;
  const flow = proposedFlow(method);
  return {
    method,
    code: samplingMethodLabel(method),
    sampler: method.sampler ?? '',
    pumpFlow: flow === null ? '' : formatDecimal(flow, 2, { trimZeros: true }),
  };
}

/** Case, accents and spacing aside: 'niosh  1501' names NIOSH 1501. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('pt-BR');
}

function names(label: string, typed: string): boolean {
  return typed === label || typed.startsWith(`${label} `);
}

export function methodOfRow(
  methods: readonly LocalSamplingMethod[],
  row: { agent_id?: number | null; agent_method?: string | null },
): LocalSamplingMethod | null {
  const typed = folded(row.agent_method ?? '');
  if (typed === '') return methodForAgent(methods, row.agent_id)?.method ?? null;
  const named = methods.filter((method) => names(folded(samplingMethodLabel(method)), typed));
  if (named.length === 0) return null;
  // Two methods with one name (a copy being edited): the one linked to the row's agent.
  const linked = named.filter((method) => row.agent_id != null && method.agent_ids.includes(row.agent_id));
  return [...(linked.length > 0 ? linked : named)].sort(byName)[0]!;
}

export function methodWarnings(method: LocalSamplingMethod | null, row: SampledValues, sentOn: string): MethodWarning[] {
  if (!method) return [];
  return samplingMethodWarnings({ ...method, label: samplingMethodLabel(method) }, row, sentOn);
}
