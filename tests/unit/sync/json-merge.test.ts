/**
 * The merge at any depth (sync/engine/json-merge.ts) as tables: objects per
 * key at any depth, rows by `row_id` (added, removed, edited, reordered;
 * by position without ids), lists of plain values as one leaf, figures never
 * asked, no base; the path keys; then the samples' and quotations' units
 * (figures and labels from the resource), and a property: a leaf changed on
 * one side only is never lost, whatever the other side did elsewhere.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choiceFor, differingPaths, type MergeBase, mergeJson, NO_BASE, parsePathKey, pathKey } from '@sync/engine/json-merge';
import { mergeUnitsOf, resolveMerge, threeWayMerge } from '@sync/engine/merge';
import { labelOfPath } from '@sync/engine/path-labels';
import { sameValue } from '@sync/store/local-record';
import { quotations } from '@sync/store/registry/quotations';
import { samples } from '@sync/store/registry/samples';
import type { RecordFields } from '@sync/store/types';

const merge = (base: MergeBase, mine: unknown, theirs: unknown, figure?: (path: readonly string[]) => boolean) =>
  mergeJson(base, mine, theirs, ['doc'], figure ? { figure } : {});
const keysOf = (result: { conflicts: { key: string }[] }) => result.conflicts.map((conflict) => conflict.key);

describe('objects, at any depth', () => {
  const base = { ghe: 'GHE 1', register: null, equipment: null, nho: { result: '80', dose8: '', extra: { a: 1, b: 1 } } };
  it.each([
    ['mine one key, theirs another: both', { register: 'M-7' }, { equipment: 'Prensa' }, { register: 'M-7', equipment: 'Prensa' }, []],
    ['both the same key, the same value', { register: 'M-7' }, { register: 'M-7' }, { register: 'M-7' }, []],
    [
      'both the same key, different values: one conflict, mine until chosen',
      { register: 'M-7' },
      { register: 'M-8' },
      { register: 'M-7' },
      ['doc/register'],
    ],
    [
      'two levels down, different keys: both',
      { nho: { ...base.nho, extra: { a: 2, b: 1 } } },
      { nho: { ...base.nho, extra: { a: 1, b: 3 } } },
      { nho: { ...base.nho, extra: { a: 2, b: 3 } } },
      [],
    ],
    [
      'two levels down, the same key: one conflict on that leaf only',
      { nho: { ...base.nho, result: '81', extra: { a: 2, b: 1 } } },
      { nho: { ...base.nho, result: '82', extra: { a: 1, b: 3 } } },
      { nho: { ...base.nho, result: '81', extra: { a: 2, b: 3 } } },
      ['doc/nho/result'],
    ],
    ['a key added on each side', { added: 'x' }, { other: 'y' }, { added: 'x', other: 'y' }, []],
    ['a key emptied here, another changed there', { ghe: '' }, { register: 'M-9' }, { ghe: '', register: 'M-9' }, []],
    [
      'an object here, a text there (changed on both): one leaf',
      { nho: 'nada' },
      { nho: { ...base.nho, result: '90' } },
      { nho: 'nada' },
      ['doc/nho'],
    ],
  ])('%s', (_what, mineChanges, theirsChanges, expected, conflicts) => {
    const result = merge(base, { ...base, ...mineChanges }, { ...base, ...theirsChanges });
    expect(keysOf(result)).toEqual(conflicts);
    expect(sameValue(result.value, { ...base, ...expected })).toBe(true);
  });

  it('a conflict names its path and both values', () => {
    const result = merge(base, { ...base, register: 'M-7' }, { ...base, register: 'M-8' });
    expect(result.conflicts).toEqual([{ path: ['doc', 'register'], key: 'doc/register', mine: 'M-7', theirs: 'M-8' }]);
  });

  it('a block that was empty on the base merges per key too', () => {
    const result = merge(null, { register: 'M-7' }, { equipment: 'Prensa' });
    expect(result).toEqual({ value: { equipment: 'Prensa', register: 'M-7' }, conflicts: [] });
  });
});

describe('rows by row_id', () => {
  const row = (id: string, task: string, tbn = '20') => ({ row_id: id, task, tbn });
  const base = [row('a', 'Forno'), row('b', 'Pátio'), row('c', 'Escritório')];
  const ids = (value: unknown) => (value as { row_id: string; task: string; tbn: string }[]).map((item) => `${item.row_id}:${item.task}:${item.tbn}`);
  it.each([
    [
      'different fields of one row: both',
      [row('a', 'Forno 2'), base[1]!, base[2]!],
      [row('a', 'Forno', '25'), base[1]!, base[2]!],
      ['a:Forno 2:25', 'b:Pátio:20', 'c:Escritório:20'],
      [],
    ],
    [
      'different rows: both',
      [row('a', 'Forno 2'), base[1]!, base[2]!],
      [base[0]!, base[1]!, row('c', 'Escritório', '22')],
      ['a:Forno 2:20', 'b:Pátio:20', 'c:Escritório:22'],
      [],
    ],
    [
      'one leaf of one row on both: one conflict on it',
      [row('a', 'Forno', '24'), base[1]!, base[2]!],
      [row('a', 'Forno', '25'), base[1]!, base[2]!],
      ['a:Forno:24', 'b:Pátio:20', 'c:Escritório:20'],
      ['doc/a/tbn'],
    ],
    [
      'a row added here after "a", another edited there: mine inserted after "a"',
      [base[0]!, row('n', 'Novo'), base[1]!, base[2]!],
      [base[0]!, row('b', 'Pátio', '30'), base[2]!],
      ['a:Forno:20', 'n:Novo:20', 'b:Pátio:30', 'c:Escritório:20'],
      [],
    ],
    [
      'a row added on each side: both, the server’s where it put it, mine after its predecessor',
      [row('m', 'Meu'), ...base],
      [...base, row('t', 'Deles')],
      ['m:Meu:20', 'a:Forno:20', 'b:Pátio:20', 'c:Escritório:20', 't:Deles:20'],
      [],
    ],
    [
      'removed here, unchanged there: removed',
      [base[0]!, base[2]!],
      [...base.slice(0, 2), row('c', 'Escritório', '21')],
      ['a:Forno:20', 'c:Escritório:21'],
      [],
    ],
    [
      'removed there, unchanged here: removed',
      [row('a', 'Forno', '19'), ...base.slice(1)],
      [base[0]!, base[2]!],
      ['a:Forno:19', 'c:Escritório:20'],
      [],
    ],
    ['removed on both: removed', [base[0]!, base[2]!], [base[0]!, row('c', 'Escritório', '21')], ['a:Forno:20', 'c:Escritório:21'], []],
    [
      'removed here, edited there: one conflict for the row (mine: removed)',
      [base[0]!, base[2]!],
      [base[0]!, row('b', 'Pátio', '30'), base[2]!],
      ['a:Forno:20', 'c:Escritório:20'],
      ['doc/b'],
    ],
    [
      'edited here, removed there: one conflict for the row (mine: kept, in its place)',
      [base[0]!, row('b', 'Pátio', '30'), base[2]!],
      [base[0]!, base[2]!],
      ['a:Forno:20', 'b:Pátio:30', 'c:Escritório:20'],
      ['doc/b'],
    ],
    [
      'reordered there, a row edited here: their order, my edit',
      [base[0]!, row('b', 'Pátio', '30'), base[2]!],
      [base[2]!, base[0]!, base[1]!],
      ['c:Escritório:20', 'a:Forno:20', 'b:Pátio:30'],
      [],
    ],
    [
      'reordered here only, a row added there: my order, theirs after its predecessor',
      [base[2]!, base[1]!, base[0]!],
      [base[0]!, row('t', 'Deles'), base[1]!, base[2]!],
      ['c:Escritório:20', 'b:Pátio:20', 'a:Forno:20', 't:Deles:20'],
      [],
    ],
    [
      'reordered on both sides: the server’s order',
      [base[1]!, base[0]!, base[2]!],
      [base[2]!, base[1]!, base[0]!],
      ['c:Escritório:20', 'b:Pátio:20', 'a:Forno:20'],
      [],
    ],
  ])('%s', (_what, mine, theirs, expected, conflicts) => {
    const result = merge(base, mine, theirs);
    expect(keysOf(result)).toEqual(conflicts);
    expect(ids(result.value)).toEqual(expected);
  });

  it('a row conflict carries the row on the side that has it, nothing on the other', () => {
    const edited = row('b', 'Pátio', '30');
    const [conflict] = merge(base, [base[0]!, base[2]!], [base[0]!, edited, base[2]!]).conflicts;
    expect(conflict).toEqual({ path: ['doc', 'b'], key: 'doc/b', mine: undefined, theirs: edited });
  });

  it('the server’s row back when the user chooses it', () => {
    const result = mergeJson(base, [base[0]!, base[2]!], [base[0]!, row('b', 'Pátio', '30'), base[2]!], ['doc'], { choose: () => 'theirs' });
    expect(ids(result.value)).toEqual(['a:Forno:20', 'b:Pátio:30', 'c:Escritório:20']);
  });

  it('rows inside a block, inside a record (the path goes through the row id)', () => {
    const block = { tasks: base, observation: '' };
    const result = merge(
      block,
      { tasks: [row('a', 'Forno', '24'), ...base.slice(1)], observation: 'Turno A' },
      { tasks: [row('a', 'Forno', '26'), ...base.slice(1)], observation: '' },
    );
    expect(keysOf(result)).toEqual(['doc/tasks/a/tbn']);
    expect(result.value).toMatchObject({ observation: 'Turno A' });
  });
});

describe('rows without ids: by position', () => {
  const line = (description: string, quantity: number) => ({ description, quantity });
  const base = [line('Ruído', 1), line('Calor', 1)];
  it.each([
    ['line 1 here, line 2 there', [line('Ruído', 2), base[1]!], [base[0]!, line('Calor', 3)], [line('Ruído', 2), line('Calor', 3)], []],
    ['the same leaf of line 2', [base[0]!, line('Calor', 2)], [base[0]!, line('Calor', 3)], [base[0]!, line('Calor', 2)], ['doc/#1/quantity']],
    [
      'a line added on each side: both kept (mine after the line before it on my side)',
      [...base, line('Poeira', 1)],
      [...base, line('Vibração', 1)],
      [...base, line('Poeira', 1), line('Vibração', 1)],
      [],
    ],
    [
      'the same line added on both sides: once',
      [...base, line('Poeira', 1)],
      [line('Ruído', 5), base[1]!, line('Poeira', 1)],
      [line('Ruído', 5), base[1]!, line('Poeira', 1)],
      [],
    ],
  ])('%s', (_what, mine, theirs, expected, conflicts) => {
    const result = merge(base, mine, theirs);
    expect(keysOf(result)).toEqual(conflicts);
    expect(result.value).toEqual(expected);
  });
});

describe('lists of plain values are one leaf', () => {
  it.each([
    ['changed here only', ['ibutg', 'tg'], ['ibutg'], ['ibutg', 'tg'], []],
    ['changed on both, differently: one conflict on the list', ['ibutg', 'tg'], ['tbn'], ['ibutg', 'tg'], ['doc/typed']],
    ['changed on both, the same way', ['tbn'], ['tbn'], ['tbn'], []],
  ])('%s', (_what, mine, theirs, expected, conflicts) => {
    const result = merge({ typed: ['ibutg'] }, { typed: mine }, { typed: theirs });
    expect(keysOf(result)).toEqual(conflicts);
    expect(result.value).toEqual({ typed: expected });
  });
});

describe('figures', () => {
  const figure = (path: readonly string[]) => path.at(-1) === 'dose8';
  it('a figure changed on both sides takes mine, without a question; an input next to it still asks', () => {
    const result = merge({ dose8: '50', result: '80' }, { dose8: '60', result: '81' }, { dose8: '70', result: '82' }, figure);
    expect(keysOf(result)).toEqual(['doc/result']);
    expect(result.value).toEqual({ dose8: '60', result: '81' });
  });
});

describe('without a base', () => {
  it('every differing leaf is a question; a row on one side only is a question for the row', () => {
    const mine = {
      ghe: 'A',
      register: 'M-1',
      tasks: [
        { row_id: 'a', tbn: '1' },
        { row_id: 'm', tbn: '2' },
      ],
    };
    const theirs = { ghe: 'A', register: 'M-2', tasks: [{ row_id: 'a', tbn: '3' }] };
    const result = merge(NO_BASE, mine, theirs);
    expect(keysOf(result)).toEqual(['doc/register', 'doc/tasks/a/tbn', 'doc/tasks/m']);
    expect(differingPaths(mine, theirs, ['doc'])).toEqual([
      ['doc', 'register'],
      ['doc', 'tasks', 'a', 'tbn'],
      ['doc', 'tasks', 'm'],
    ]);
  });
});

describe('path keys', () => {
  it.each([
    [['price'], 'price'],
    [['caracterization', 'register'], 'caracterization/register'],
    [['rows', '#2', 'quantity'], 'rows/#2/quantity'],
    [['odd', 'a/b', 'c~d'], 'odd/a~1b/c~0d'],
  ])('%j ↔ %s', (path, key) => {
    expect(pathKey(path)).toBe(key);
    expect(parsePathKey(key)).toEqual(path);
  });

  it('a choice for an enclosing path answers every conflict inside it; its own choice comes first', () => {
    const choices = { caracterization: 'theirs', 'caracterization/register': 'mine' } as const;
    expect(choiceFor(choices, 'caracterization/register')).toBe('mine');
    expect(choiceFor(choices, 'caracterization/ghe')).toBe('theirs');
    expect(choiceFor(choices, 'memory_field/observation')).toBeUndefined();
  });
});

describe('a sample (units from the resource)', () => {
  const units = mergeUnitsOf(samples);
  const heat = (changes: RecordFields = {}): RecordFields => ({
    type_id: 4,
    caracterization: { ghe: 'GHE 1', register: '', equipment: '' },
    memory_field: { tasks: [{ row_id: 'r1', task: 'Forno', tbn: '20', ibutg: '25,0' }] },
    result: { ibutg: '25,0', metabolism: '200' },
    ...changes,
  });

  it('Matrícula here, Equipamento there: both, no question', () => {
    const base = heat();
    const mine = heat({ caracterization: { ghe: 'GHE 1', register: 'M-7', equipment: '' } });
    const theirs = heat({ caracterization: { ghe: 'GHE 1', register: '', equipment: 'Prensa' } });
    const result = threeWayMerge(base, mine, theirs, units);
    expect(result.conflicts).toEqual([]);
    expect(result.merged.caracterization).toEqual({ ghe: 'GHE 1', register: 'M-7', equipment: 'Prensa' });
  });

  it('Matrícula on both: one question, labelled; figures of the type never asked', () => {
    const base = heat();
    const mine = heat({
      caracterization: { ghe: 'GHE 1', register: 'M-7', equipment: '' },
      memory_field: { tasks: [{ row_id: 'r1', task: 'Forno', tbn: '21', ibutg: '25,5' }] },
      result: { ibutg: '25,5', metabolism: '200' },
    });
    const theirs = heat({
      caracterization: { ghe: 'GHE 1', register: 'M-8', equipment: '' },
      memory_field: { tasks: [{ row_id: 'r1', task: 'Forno', tbn: '22', ibutg: '26,0' }] },
      result: { ibutg: '26,0', metabolism: '200' },
    });
    const result = threeWayMerge(base, mine, theirs, units);
    expect(result.conflicts.map((conflict) => conflict.key)).toEqual(['caracterization/register', 'memory_field/tasks/r1/tbn']);
    expect(result.conflicts.map((conflict) => labelOfPath(samples, conflict.path, mine, theirs))).toEqual([
      'Caracterização — Matrícula',
      'Memória de campo — Tarefa 1 — tbn (°C)',
    ]);
    expect(result.merged.result).toEqual({ ibutg: '25,5', metabolism: '200' });
    const chosen = resolveMerge(result, mine, theirs, units, { 'caracterization/register': 'theirs', 'memory_field/tasks/r1/tbn': 'mine' })!;
    expect(chosen.caracterization).toMatchObject({ register: 'M-8' });
    expect(chosen.memory_field).toEqual({ tasks: [{ row_id: 'r1', task: 'Forno', tbn: '21', ibutg: '25,5' }] });
    expect(resolveMerge(result, mine, theirs, units, { 'caracterization/register': 'theirs' })).toBeNull();
  });
});

describe('a quotation (units from the resource)', () => {
  const units = mergeUnitsOf(quotations);
  const line = (id: string, quantity: number, value: number) => ({
    row_id: id,
    name: 'Ruído',
    product_type_id: 1,
    quantity,
    value,
    total: quantity * value,
  });
  const quotation = (rows: RecordFields[]): RecordFields => ({ rows, services: [], costs: [], discount: 0, discount_type: 'value', parcel: 1 });

  it('quantity here, unit value there, of one line: both, the line total never asked', () => {
    const base = quotation([line('x', 1, 100), line('y', 1, 50)]);
    const result = threeWayMerge(base, quotation([line('x', 1, 100), line('y', 2, 50)]), quotation([line('x', 1, 100), line('y', 1, 70)]), units);
    expect(result.conflicts).toEqual([]);
    expect(result.merged.rows).toMatchObject([{ row_id: 'x' }, { row_id: 'y', quantity: 2, value: 70 }]);
  });

  it('a line’s quantity on both: labelled by the list, the line and the column', () => {
    const mine = quotation([line('x', 1, 100), line('y', 2, 50)]);
    const theirs = quotation([line('x', 1, 100), line('y', 3, 50)]);
    const result = threeWayMerge(quotation([line('x', 1, 100), line('y', 1, 50)]), mine, theirs, units);
    expect(result.conflicts.map((conflict) => [conflict.key, labelOfPath(quotations, conflict.path, mine, theirs)])).toEqual([
      ['rows/y/quantity', 'Agentes — linha 2 — Quantidade'],
    ]);
  });

  it('the rich text is taken whole', () => {
    const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
    const result = threeWayMerge({ details: doc('a') }, { details: doc('b') }, { details: doc('c') }, units);
    expect(result.conflicts.map((conflict) => conflict.key)).toContain('details');
  });
});

describe('property: a leaf changed on one side only is never lost', () => {
  const runs = Number(process.env.MERGE_PROPERTY_RUNS ?? 500);
  const LEAVES = ['ghe', 'register', 'equipment'];
  const ROWS = ['r1', 'r2', 'r3'];
  const ROW_LEAVES = ['tbn', 'tg'];
  type Doc = { block: Record<string, string>; tasks: Array<{ row_id: string } & Record<string, string>> };
  const baseDoc = (): Doc => ({
    block: Object.fromEntries(LEAVES.map((leaf) => [leaf, `${leaf}-0`])),
    tasks: ROWS.map((id) => ({ row_id: id, ...Object.fromEntries(ROW_LEAVES.map((leaf) => [leaf, `${id}-${leaf}-0`])) })),
  });
  /** One edit: a caracterization leaf, a leaf of a row, a new row, or a row removed. */
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('leaf' as const), leaf: fc.constantFrom(...LEAVES), value: fc.constantFrom('a', 'b') }),
    fc.record({
      kind: fc.constant('row' as const),
      row: fc.constantFrom(...ROWS),
      leaf: fc.constantFrom(...ROW_LEAVES),
      value: fc.constantFrom('a', 'b'),
    }),
    fc.record({ kind: fc.constant('add' as const), after: fc.nat({ max: 3 }) }),
    fc.record({ kind: fc.constant('remove' as const), row: fc.constantFrom(...ROWS) }),
  );
  type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;
  function apply(doc: Doc, edits: Edit[], side: string): Doc {
    const out: Doc = structuredClone(doc);
    edits.forEach((change, index) => {
      if (change.kind === 'leaf') out.block[change.leaf] = change.value;
      else if (change.kind === 'row') {
        const row = out.tasks.find((task) => task.row_id === change.row);
        if (row) row[change.leaf] = change.value;
      } else if (change.kind === 'add')
        out.tasks.splice(Math.min(change.after, out.tasks.length), 0, { row_id: `${side}${index}`, tbn: side, tg: side });
      else out.tasks = out.tasks.filter((task) => task.row_id !== change.row);
    });
    return out;
  }
  /** Every leaf as 'path=value', rows by id. */
  function leaves(doc: Doc): Map<string, string> {
    const out = new Map<string, string>();
    for (const [leaf, value] of Object.entries(doc.block)) out.set(`block/${leaf}`, value);
    for (const task of doc.tasks) for (const [leaf, value] of Object.entries(task)) out.set(`tasks/${task.row_id}/${leaf}`, value);
    return out;
  }

  it('and only what both sides changed is asked', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 5 }), fc.array(edit, { maxLength: 5 }), (mineEdits, theirsEdits) => {
        const base = baseDoc();
        const mine = apply(base, mineEdits, 'm');
        const theirs = apply(base, theirsEdits, 't');
        const result = mergeJson(base, mine, theirs, ['doc']);
        const merged = leaves(result.value as Doc);
        const [b, m, t] = [leaves(base), leaves(mine), leaves(theirs)];
        const paths = [...new Set([...b.keys(), ...m.keys(), ...t.keys()])];
        const changed = (side: Map<string, string>, path: string) => side.get(path) !== b.get(path);
        const under = (key: string) => paths.filter((path) => `doc/${path}` === key || `doc/${path}`.startsWith(`${key}/`));
        // A question only where both sides changed something (a leaf, or a row one removed and the other edited).
        for (const conflict of result.conflicts) {
          expect(
            under(conflict.key).some((path) => changed(m, path)),
            conflict.key,
          ).toBe(true);
          expect(
            under(conflict.key).some((path) => changed(t, path)),
            conflict.key,
          ).toBe(true);
        }
        const asked = new Set(result.conflicts.flatMap((conflict) => under(conflict.key)));
        for (const path of paths) {
          if (asked.has(path)) continue;
          const mineChanged = changed(m, path);
          const theirsChanged = changed(t, path);
          if (mineChanged && !theirsChanged) expect(merged.get(path), path).toBe(m.get(path));
          if (theirsChanged && !mineChanged) expect(merged.get(path), path).toBe(t.get(path));
          if (!mineChanged && !theirsChanged) expect(merged.get(path), path).toBe(b.get(path));
        }
        // New rows keep their side's order among themselves.
        const mineNew = (result.value as Doc).tasks.map((task) => task.row_id).filter((id) => id.startsWith('m'));
        expect(mineNew).toEqual(mine.tasks.map((task) => task.row_id).filter((id) => mineNew.includes(id)));
      }),
      { numRuns: runs },
    );
  });
});
