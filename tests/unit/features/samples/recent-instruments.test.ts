/**
 * The order the field memory's pickers offer the equipment in (issue 21):
 * the instrument and calibrator used last in a sample of the same type,
 * samples saved here and not sent first (the last saved first), then the
 * rest by server time, each equipment (name and serial number) once; and
 * the type a field memory block belongs to.
 */
import { describe, expect, it } from 'vitest';
import { recentEquipment, type SampleUse } from '@/entities/equipment';

const NOISE = 3;
const HEAT = 4;

const sample = (key: string, updatedAt: string | null, instrument: string, serie = '', gauge = '', typeId = NOISE): SampleUse => ({
  key,
  type_id: typeId,
  updated_at: updatedAt,
  memory_field: { instrument, instrument_serie: serie, gauge, gauge_serie: gauge ? `${gauge}-1` : '' },
});

const names = (list: Array<{ name: string; serie: string }>) => list.map((used) => (used.serie ? `${used.name}/${used.serie}` : used.name));

describe('recentEquipment', () => {
  it.each<[string, SampleUse[], Array<[string, number]>, string[]]>([
    ['no samples', [], [], []],
    ['the newest server version first', [sample('a', '2026-11-18T10:00:00Z', 'A'), sample('b', '2026-11-20T10:00:00Z', 'B')], [], ['B', 'A']],
    [
      'a time with another offset is compared as an instant',
      [sample('a', '2026-11-20T09:00:00-03:00', 'A'), sample('b', '2026-11-20T10:00:00Z', 'B')],
      [],
      ['A', 'B'],
    ],
    [
      'other types are left out',
      [sample('a', '2026-11-18T10:00:00Z', 'A'), sample('h', '2026-11-20T10:00:00Z', 'Medidor IBUTG', '', '', HEAT)],
      [],
      ['A'],
    ],
    ['an empty or blank instrument is skipped', [sample('a', '2026-11-20T10:00:00Z', '  '), sample('b', '2026-11-18T10:00:00Z', 'B')], [], ['B']],
    [
      'each name and serial number once, at its latest use',
      [sample('a', '2026-11-20T10:00:00Z', 'A', '1'), sample('b', '2026-11-19T10:00:00Z', 'B'), sample('c', '2026-11-18T10:00:00Z', 'A', '1')],
      [],
      ['A/1', 'B'],
    ],
    [
      'two of one model differ by serial number',
      [sample('a', '2026-11-20T10:00:00Z', 'A', '1'), sample('b', '2026-11-19T10:00:00Z', 'A', '2')],
      [],
      ['A/1', 'A/2'],
    ],
    [
      'saved here and not sent comes before any server time',
      [sample('a', '2026-11-20T10:00:00Z', 'A'), sample('b', '2026-11-01T10:00:00Z', 'B'), sample('c', null, 'C')],
      [['b', 1_000]],
      ['B', 'A', 'C'],
    ],
    [
      'among those saved here, the last saved first',
      [sample('a', '2026-11-20T10:00:00Z', 'A'), sample('b', '2026-11-01T10:00:00Z', 'B'), sample('c', null, 'C')],
      [
        ['b', 1_000],
        ['c', 2_000],
      ],
      ['C', 'B', 'A'],
    ],
    [
      'never pushed and not pending: after every server time, in list order',
      [sample('x', null, 'X'), sample('y', null, 'Y'), sample('a', '2026-11-01T10:00:00Z', 'A')],
      [],
      ['A', 'X', 'Y'],
    ],
  ])('%s', (_, samples, savedHere, expected) => {
    expect(names(recentEquipment(samples, NOISE, new Map(savedHere)).instrument)).toEqual(expected);
  });

  it('orders the calibrators the same way, on their own', () => {
    const samples = [
      sample('a', '2026-11-20T10:00:00Z', 'A', '', ''),
      sample('b', '2026-11-19T10:00:00Z', 'A', '', 'CAL'),
      sample('c', '2026-11-18T10:00:00Z', 'B', '', 'CAL-2'),
    ];
    expect(recentEquipment(samples, NOISE, new Map())).toEqual({
      instrument: [
        { name: 'A', serie: '' },
        { name: 'B', serie: '' },
      ],
      gauge: [
        { name: 'CAL', serie: 'CAL-1' },
        { name: 'CAL-2', serie: 'CAL-2-1' },
      ],
    });
  });

  it('reads a sample without a field memory as unused', () => {
    expect(recentEquipment([{ key: 'a', type_id: NOISE, updated_at: null, memory_field: null }], NOISE, new Map())).toEqual({
      instrument: [],
      gauge: [],
    });
  });
});
