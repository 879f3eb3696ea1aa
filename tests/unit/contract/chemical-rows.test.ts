/**
 * Result rows following the memory's agent rows, and classification items
 * following the result rows (sync/contract/samples/chemical-rows.ts): by
 * the agent row's id, never by position. Adding, renaming, reordering and
 * removing an agent; a row saved before rows were linked adopted by its
 * agent (else in order); a legacy result never dropped silently; every
 * device making the same row for the same agent.
 */
import { describe, expect, it } from 'vitest';
import { defaultResultThresholds } from '@/domain/result-thresholds';
import {
  chemicalAgentRowSchema,
  chemicalClassificationItemSchema,
  chemicalResultRowSchema,
  type ChemicalAgentRow,
  type ChemicalResultRow,
} from '@sync/contract/samples/chemical';
import { agentsIdentity, followAgentRows, followResultRows } from '@sync/contract/samples/chemical-rows';

const chemical = defaultResultThresholds().chemical;
const agent = (row_id: string, name: string, extra: Partial<ChemicalAgentRow> = {}) =>
  chemicalAgentRowSchema.parse({ row_id, agent: name, agent_code: name.slice(0, 3).toUpperCase(), ...extra });
const result = (values: Partial<ChemicalResultRow>) => chemicalResultRowSchema.parse(values);
const shape = (rows: ChemicalResultRow[]) => rows.map((row) => [row.row_id, row.agent_row_id, row.agent_chemical, row.result]);

describe('result rows follow the agent rows', () => {
  const base = [agent('a', 'Tolueno'), agent('b', 'Xileno')];
  const results = [
    result({ row_id: 'a', agent_row_id: 'a', agent_chemical: 'Tolueno', result: '1' }),
    result({ row_id: 'b', agent_row_id: 'b', result: '2' }),
  ];

  it.each([
    [
      'as they are',
      base,
      [
        ['a', 'a', 'Tolueno', '1'],
        ['b', 'b', 'Xileno', '2'],
      ],
    ],
    [
      'an agent added: a blank row with the agent row’s id',
      [...base, agent('c', 'Benzeno')],
      [
        ['a', 'a', 'Tolueno', '1'],
        ['b', 'b', 'Xileno', '2'],
        ['c', 'c', 'Benzeno', ''],
      ],
    ],
    [
      'an agent renamed: its row renamed, its result kept',
      [agent('a', 'Tolueno puro'), base[1]!],
      [
        ['a', 'a', 'Tolueno puro', '1'],
        ['b', 'b', 'Xileno', '2'],
      ],
    ],
    [
      'reordered: the rows in the memory’s order',
      [base[1]!, base[0]!],
      [
        ['b', 'b', 'Xileno', '2'],
        ['a', 'a', 'Tolueno', '1'],
      ],
    ],
    ['an agent removed: its row goes with it', [base[1]!], [['b', 'b', 'Xileno', '2']]],
  ] as const)('%s', (_, agents, expected) => {
    expect(shape(followAgentRows(results, agents))).toEqual(expected);
  });

  it('copies the agent’s id, name, code and method into its row', () => {
    const [row] = followAgentRows([], [agent('a', 'Tolueno', { agent_id: 7, agent_code: 'T1', agent_method: 'NIOSH 1501' })]);
    expect(row).toMatchObject({ row_id: 'a', agent_row_id: 'a', agent_id: 7, agent_chemical: 'Tolueno', code: 'T1', method: 'NIOSH 1501' });
  });

  it('rows saved before rows were linked are adopted by their agent, else in order; a typed one left over stays', () => {
    const legacy = [
      result({ row_id: 'r1', agent_chemical: 'Xileno', result: '2' }),
      result({ row_id: 'r2', agent_chemical: 'Outro', result: '9' }),
      result({ row_id: 'r3', agent_chemical: 'Sobra', result: '5' }),
      result({ row_id: 'r4' }),
    ];
    expect(shape(followAgentRows(legacy, base))).toEqual([
      ['r2', 'a', 'Tolueno', '9'], // no row named Tolueno: the first unlinked one
      ['r1', 'b', 'Xileno', '2'], // its own name
      ['r3', '', 'Sobra', '5'], // left over, typed: kept
    ]);
  });

  it('two devices adding the same agent row make the same result row', () => {
    const added = [...base, agent('c', 'Benzeno')];
    expect(followAgentRows(results, added)).toEqual(followAgentRows(results, added));
    expect(followAgentRows(results, added)[2]!.row_id).toBe('c');
  });

  it('tells when an edit of the memory changes what the result rows follow (the tab’s notice)', () => {
    expect(agentsIdentity(base)).toBe(agentsIdentity([agent('a', 'Tolueno', { pump_flow: '2' }), base[1]!]));
    expect(agentsIdentity(base)).not.toBe(agentsIdentity([agent('a', 'Tolueno puro'), base[1]!]));
    expect(agentsIdentity(base)).not.toBe(agentsIdentity([...base, agent('c', '')]));
  });
});

describe('classification items follow the result rows', () => {
  const rows = [
    result({ row_id: 'a', agent_row_id: 'a', agent_chemical: 'Tolueno', result: '30', twa: '100' }),
    result({ row_id: 'b', agent_row_id: 'b', agent_chemical: 'Xileno' }),
  ];

  it('one item per row, with its index, LEO and frequency; none for a row without data', () => {
    const items = followResultRows([], rows, chemical);
    expect(items.map((item) => [item.row_id, item.agent_row_id, item.agent_chemical, item.index, item.leo])).toEqual([
      ['a', 'a', 'Tolueno', 'risk2', '30'],
      ['b', 'b', 'Xileno', '---', ''],
    ]);
  });

  it('a legacy item keeps its values until its row gives a level', () => {
    const legacy = chemicalClassificationItemSchema.parse({ agent_chemical: 'Xileno', index: 'risk3', leo: '60', frequency: 'Semestral' });
    const [, kept] = followResultRows([legacy], rows, chemical);
    expect(kept).toMatchObject({ agent_row_id: '', index: 'risk3', leo: '60', frequency: 'Semestral' });
    const withData = [rows[0]!, result({ ...rows[1]!, result: '5', twa: '100' })];
    const [, computed] = followResultRows([legacy], withData, chemical);
    expect(computed).toMatchObject({ agent_row_id: 'b', index: 'risk1', leo: '5' });
  });
});
