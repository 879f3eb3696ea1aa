/**
 * The rows of a chemical sample kept in step (spec samples.md section 4,
 * 'Result-tab agent refresh'): Resultado has one row per agent row of the
 * field memory, in its order, and Classificação de risco one item per
 * result row. A row names the one it follows by the agent row's `row_id`
 * (`agent_row_id`), never by position, so two devices adding or removing
 * agents merge row by row and every device (and the server) derives the
 * same rows:
 *
 * - a row follows its agent row: its code, agent id, name and method are
 *   the agent row's (adding, renaming or removing an agent updates it);
 * - an agent row without one gets a blank one whose `row_id` is the agent
 *   row's (the same on every device), or adopts a row not linked yet (one
 *   saved before rows were linked, or a new sample's blank row): first the
 *   one of the same agent, else the first in order;
 * - a row whose agent row was removed goes with it; an unlinked row left
 *   over with something typed in it stays at the end (a legacy result is
 *   never dropped silently).
 *
 * Classification items follow result rows the same way (the link of a
 * result row is its `agent_row_id`, or its own `row_id` when unlinked); an
 * item's figures are computed from its row (chemical-figures.ts
 * `classificationFigures`). A legacy item (a single-record classification,
 * chemical.ts `classificationAsList`) adopted by a row without a risk level
 * keeps its values and stays unlinked, so a classification typed in the
 * original system is kept until the result gives one.
 */
import type { ChemicalThresholds } from '@/domain/result-thresholds';
import { NO_RISK_LEVEL } from '@/domain/chemical-risk';
import {
  type ChemicalAgentRow,
  type ChemicalClassificationItem,
  type ChemicalResultRow,
  chemicalClassificationItemSchema,
  chemicalResultRowSchema,
} from './chemical';
import { classificationFigures } from './chemical-figures';

/** The fields of a result row an agent row gives it. */
export function resultIdentity(agent: ChemicalAgentRow): Pick<ChemicalResultRow, 'agent_id' | 'agent_chemical' | 'code' | 'method'> {
  return { agent_id: agent.agent_id, agent_chemical: agent.agent, code: agent.agent_code, method: agent.agent_method };
}

const sameName = (a: string, b: string) => a.trim() !== '' && a.trim().toLocaleLowerCase('pt-BR') === b.trim().toLocaleLowerCase('pt-BR');

/**
 * The unlinked rows given to the targets that have no row of their own:
 * first each to the target of the same agent, then the rest in order.
 */
function adopt<T, R>(targets: readonly T[], pool: R[], needs: (target: T) => boolean, fits: (target: T, row: R) => boolean): Map<number, R> {
  const given = new Map<number, R>();
  const open = targets.flatMap((target, index) => (needs(target) ? [index] : []));
  for (const index of open) {
    const at = pool.findIndex((row) => fits(targets[index]!, row));
    if (at >= 0) given.set(index, pool.splice(at, 1)[0]!);
  }
  for (const index of open) if (!given.has(index) && pool.length > 0) given.set(index, pool.shift()!);
  return given;
}

/** Rows by the row they follow (the first of each link), and the unlinked ones; rows linked to a row that is gone are dropped. */
function partition<R extends { agent_row_id: string }>(rows: readonly R[], links: ReadonlySet<string>) {
  const linked = new Map<string, R>();
  const pool: R[] = [];
  for (const row of rows) {
    if (row.agent_row_id === '') pool.push(row);
    else if (links.has(row.agent_row_id) && !linked.has(row.agent_row_id)) linked.set(row.agent_row_id, row);
  }
  return { linked, pool };
}

const RESULT_INPUTS: ReadonlyArray<keyof ChemicalResultRow> = [
  'lq',
  'result',
  'unity',
  'twa',
  'mp',
  'calculation_base',
  'celling',
  'teto',
  'size_aerodispersoides',
  'stel',
  'action_in_body',
  'notion_skin',
  'osha',
  'dispersal',
  'ipvs',
  'odor_limit',
  'respirator',
  'molar_mass',
];

function typedIn(row: ChemicalResultRow): boolean {
  return RESULT_INPUTS.some((key) => String(row[key] ?? '').trim() !== '');
}

/** The result rows following the agent rows (see the module's comment). */
export function followAgentRows(results: readonly ChemicalResultRow[], agents: readonly ChemicalAgentRow[]): ChemicalResultRow[] {
  const { linked, pool } = partition(results, new Set(agents.map((agent) => agent.row_id).filter((id) => id !== '')));
  const ownOf = (agent: ChemicalAgentRow) => (agent.row_id === '' ? undefined : linked.get(agent.row_id));
  const adopted = adopt(
    agents,
    pool,
    (agent) => ownOf(agent) === undefined,
    (agent, row) => (agent.agent_id !== null && row.agent_id === agent.agent_id) || sameName(row.agent_chemical, agent.agent),
  );
  const rows = agents.map((agent, index) => {
    const row = ownOf(agent) ?? adopted.get(index) ?? chemicalResultRowSchema.parse({ row_id: agent.row_id });
    // A row adopted without an id of its own takes the agent row's (as a new one does), the same on every device.
    return { ...row, row_id: row.row_id || agent.row_id, agent_row_id: agent.row_id, ...resultIdentity(agent) };
  });
  return [...rows, ...pool.filter(typedIn)];
}

/** An item with something in it besides its agent (a legacy single record's values). */
function isTyped(item: ChemicalClassificationItem): boolean {
  return (item.index !== '' && item.index !== NO_RISK_LEVEL) || item.leo.trim() !== '' || item.frequency.trim() !== '';
}

/** An item's figures when its row gives no risk level. */
const blankFigures = { index: NO_RISK_LEVEL, leo: '', frequency: '' } as const;

/** The link a classification item keeps to its result row. */
export function resultLink(row: Pick<ChemicalResultRow, 'agent_row_id' | 'row_id'>): string {
  return row.agent_row_id || row.row_id;
}

/** The classification items following the result rows, their figures computed (see the module's comment). */
export function followResultRows(
  items: readonly ChemicalClassificationItem[],
  results: readonly ChemicalResultRow[],
  thresholds: ChemicalThresholds,
): ChemicalClassificationItem[] {
  const { linked, pool } = partition(items, new Set(results.map(resultLink).filter((id) => id !== '')));
  const ownOf = (row: ChemicalResultRow) => (resultLink(row) === '' ? undefined : linked.get(resultLink(row)));
  const adopted = adopt(
    results,
    pool,
    (row) => ownOf(row) === undefined,
    (row, item) => sameName(item.agent_chemical, row.agent_chemical),
  );
  return results.map((row, index) => {
    const figures = classificationFigures(row, thresholds);
    const own = ownOf(row);
    if (own) return { ...own, agent_chemical: row.agent_chemical, ...(figures ?? blankFigures) };
    const legacy = adopted.get(index);
    // A legacy item stays as typed (and unlinked) until its row gives a level; a blank one (a new sample's) is linked at once.
    if (legacy && !figures && isTyped(legacy)) return legacy;
    const item = legacy ?? chemicalClassificationItemSchema.parse({ row_id: resultLink(row) });
    return {
      ...item,
      row_id: item.row_id || resultLink(row),
      agent_row_id: resultLink(row),
      agent_chemical: row.agent_chemical,
      ...(figures ?? blankFigures),
    };
  });
}

/** What of the agent rows a result row follows: whether an edit of the memory changes the result rows (the tab's notice). */
export function agentsIdentity(agents: readonly ChemicalAgentRow[]): string {
  return JSON.stringify(agents.map((agent) => [agent.row_id, resultIdentity(agent)]));
}

/** The part of a catalog agent (product) an agent row copies. */
export interface ChosenAgent {
  id: number | null;
  name: string;
  code: string | null;
  cas: string | null;
  method: string | null;
}

/** An agent row with the chosen agent's id, name, code, CAS and method (spec section 4); choosing none clears them. */
export function chooseAgent(row: ChemicalAgentRow, agent: ChosenAgent | null): ChemicalAgentRow {
  return {
    ...row,
    agent_id: agent?.id ?? null,
    agent: agent?.name ?? '',
    agent_code: agent?.code ?? '',
    agent_cas: agent?.cas ?? '',
    agent_method: agent?.method ?? '',
  };
}
