/** The path rules behind the required fields and the duplicate's clearing (FIELD-UX items 3 and 9), as tables. */
import { describe, expect, it } from 'vitest';
import { clearForCopy, expandPath, isBlank, missingCountByBlock, missingFields, type RequiredField, templateOf, valueAt } from '@/domain/form-paths';

describe('isBlank', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    ['   ', true],
    ['0', false],
    [0, false],
    [false, false],
    [[], false],
    [{}, false],
  ])('%j → %s', (value, blank) => expect(isBlank(value)).toBe(blank));
});

describe('paths', () => {
  const block = { a: 'x', nho: { dose8: '10' }, tasks: [{ initial: '07:00' }, { initial: '' }] };
  it.each([
    ['a', 'x'],
    ['nho.dose8', '10'],
    ['tasks.1.initial', ''],
    ['tasks.5.initial', undefined],
    ['a.b', undefined],
    ['none', undefined],
  ])('valueAt %s', (path, value) => expect(valueAt(block, path)).toBe(value));

  it.each([
    ['a', ['a']],
    ['tasks.*.initial', ['tasks.0.initial', 'tasks.1.initial']],
    ['rows.*.x', ['rows.0.x']], // a missing list counts as one blank row
  ])('expandPath %s', (template, paths) => expect(expandPath(block, template)).toEqual(paths));

  it.each([
    ['tasks.12.initial', 'tasks.*.initial'],
    ['nho.dose8', 'nho.dose8'],
  ])('templateOf %s', (path, template) => expect(templateOf(path)).toBe(template));
});

describe('missingFields', () => {
  const required: RequiredField[] = [
    { block: 'one', path: 'name', label: 'Nome' },
    { block: 'one', path: 'nho.dose8', label: 'Dose' },
    { block: 'two', path: 'tasks.*.initial', label: 'Hora inicial', rowLabel: (index) => `Tarefa ${index + 1}` },
  ];
  it.each([
    ['nothing typed', {}, ['one.name Nome', 'one.nho.dose8 Dose', 'two.tasks.0.initial Tarefa 1: Hora inicial'], { one: 2, two: 1 }],
    [
      'a second row without its time',
      { one: { name: 'A', nho: { dose8: '1' } }, two: { tasks: [{ initial: '07:00' }, { initial: ' ' }] } },
      ['two.tasks.1.initial Tarefa 2: Hora inicial'],
      { one: 0, two: 1 },
    ],
    ['all filled', { one: { name: 'A', nho: { dose8: '1' } }, two: { tasks: [{ initial: '07:00' }] } }, [], { one: 0, two: 0 }],
  ])('%s', (_case, blocks, missing, counts) => {
    expect(missingFields(blocks, required).map((field) => `${field.block}.${field.path} ${field.label}`)).toEqual(missing);
    expect(missingCountByBlock(blocks, required)).toEqual(counts);
  });
});

describe('clearForCopy', () => {
  const empty = (block: string) => (block === 'memo' ? { time: '', method: 'NHO 01', tasks: [{ initial: '', solar: 'Não' }] } : {});
  it('returns cleared paths to the new record’s values, whole blocks to the new block, and leaves the source alone', () => {
    const source = {
      memo: {
        time: '07:00',
        method: 'NR 15',
        keep: 'k',
        tasks: [
          { initial: '07:00', solar: 'Sim', name: 'T1' },
          { initial: '08:00', solar: 'Sim' },
        ],
      },
      car: { employee: 'João', ghe: 'GHE 1' },
      valid: { justify: 'x' },
    };
    const before = structuredClone(source);
    const copy = clearForCopy(source, { memo: ['time', 'method', 'tasks.*.initial', 'absent'], car: ['employee'], valid: 'all' }, empty);
    expect(copy).toEqual({
      memo: {
        time: '',
        method: 'NHO 01',
        keep: 'k',
        tasks: [
          { initial: '', solar: 'Sim', name: 'T1' },
          { initial: '', solar: 'Sim' },
        ],
      },
      car: { ghe: 'GHE 1' }, // nothing there in a new record: the field is removed
      valid: {},
    });
    expect(source).toEqual(before);
  });
});
