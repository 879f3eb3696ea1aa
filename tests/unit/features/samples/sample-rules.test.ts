/**
 * The per-type rules tables (FIELD-UX items 3 and 9): which fields a noise
 * and a heat sample require, and what 'Duplicar amostra' keeps and clears.
 */
import { describe, expect, it } from 'vitest';
import { SAMPLE_BLOCK_SCHEMAS, SAMPLE_BLOCKS, SAMPLE_TYPES } from '@sync/contract/samples';
import { emptyHeatBlocks } from '@sync/contract/samples/heat';
import { emptyNoiseBlocks } from '@sync/contract/samples/noise';
import type { LocalSample } from '@sync/store/registry';
import { sampleMissing, sampleTabMarks } from '@/features/samples/sample-check';
import { duplicateBlocks, duplicateValues } from '@/features/samples/sample-duplicate';
import { SAMPLE_TYPE_RULES } from '@/features/samples/sample-tabs';
import type { SampleBlocks } from '@/features/samples/use-sample-draft';
import { valueAt } from '@/domain/form-paths';

const NOISE = 3;
const HEAT = 4;
const paths = (slug: 'noise' | 'heat', blocks: SampleBlocks) => sampleMissing(slug, blocks).map((field) => `${field.block}.${field.path}`);

const noiseFilled = (): SampleBlocks => {
  const blocks = emptyNoiseBlocks();
  return {
    caracterization: {
      sample_no: '17',
      ghe: 'GHE 02',
      supervisor: 'Ana',
      employee: 'João',
      register: '123',
      function: 'Soldador',
      sector: 'Solda',
      equipment: 'Máquina',
    },
    memory_field: {
      ...blocks.memory_field,
      instrument: 'Dosímetro X',
      instrument_serie: 'S1',
      instrument_certificate: 'C1',
      instrument_validity: '01/01/2027',
      gauge: 'Calibrador Y',
      gauge_serie: 'G1',
      gauge_certificate: 'GC1',
      gauge_validity: '01/02/2027',
      data: '20/11/2026',
      agent: 'Ruído',
      initial_time: '07:00',
      final_time: '12:00',
      interval_initial: '09:00',
      interval_final: '09:15',
      initial_calibration: '114,0',
      final_calibration: '113,9',
      task: 'Solda',
      duration: '08:00',
      epis: [{ id: null, type: 'Protetor auricular', manufacturer: 'M', model: 'P', number: '123' }],
      observation: 'Ventilador ligado',
    },
    result: {
      nho: {
        ...blocks.result.nho,
        code: 'R1',
        agent: 'Ruído',
        result: '80',
        dose8: '128,0',
        nen: '86,1',
        twa: '86,1',
        leq: '86,1',
        conclusion: 'Acima',
        bgColor: '#f00',
      },
      nr15: {
        ...blocks.result.nr15,
        code: 'R1',
        agent: 'Ruído',
        result: '70',
        dose8: '112,0',
        nen: '85,8',
        twa: '85,8',
        lavg: '85,8',
        conclusion: 'Acima',
        bgColor: '#f00',
      },
    },
    risk_classification: {
      ...blocks.risk_classification,
      nho: { ...blocks.risk_classification.nho, dose_daily: '128' },
      nr15: { ...blocks.risk_classification.nr15, dose_daily: '112' },
      recomendation: 'EPI',
    },
    validation: { avaliation: 'Boa', exposition: 'Sim', exposition_type: 'Normal', justify: 'Jornada típica' },
  };
};

const heatFilled = (): SampleBlocks => {
  const blocks = emptyHeatBlocks();
  const task = (initial: string, final: string) => ({
    ...blocks.memory_field.tasks[0]!,
    task: 'Forno',
    activity_type: 'Em pé',
    initial,
    final,
    duration: '00:30',
    metabolism: '300',
    ura: '60',
    var: '0,5',
    tbs: '30',
    tbn: '25',
    tg: '40',
    solar_load: 'Sim' as const,
    ibutg: '28,0',
  });
  return {
    caracterization: { employee: 'Maria', register: '9', function: 'Forneira', sector: 'Fundição', ghe: 'GHE 5' },
    memory_field: {
      ...blocks.memory_field,
      instrument: 'Termômetro',
      gauge: 'Calibrador',
      tasks: [task('07:00', '07:30'), task('07:30', '08:00')],
      observation: 'Sol',
    },
    result: { ...blocks.result, metabolism: '300', ibutg: '28,0', action_level: '25,0', max: '28,2', clothing: 'work-clothes' },
    risk_classification: { condition: 'Acima', consideration: 'X', recomendation: 'Y', exposition_recomendation: 'Z' },
    validation: {
      avaliation: 'Boa',
      exposition: 'Sim',
      sample_type: 'Normal',
      justify: 'Típica',
      initial_tbs: '30',
      initial_tbn: '25',
      initial_tg: '40',
      final_tbs: '31',
      final_tbn: '26',
      final_tg: '41',
      stabilization: '25 min',
      equipment: 'Termômetro',
    },
  };
};

const blank = (): SampleBlocks => ({ caracterization: {}, memory_field: {}, result: {}, risk_classification: {}, validation: {} });

describe('the required fields of each type', () => {
  it('noise: the worker, instruments, date and times, calibration readings, Dose 8h, daily doses and the validation', () => {
    expect(paths('noise', blank())).toEqual([
      'caracterization.employee',
      'caracterization.function',
      'caracterization.sector',
      'memory_field.instrument',
      'memory_field.gauge',
      'memory_field.data',
      'memory_field.initial_time',
      'memory_field.final_time',
      'memory_field.initial_calibration',
      'memory_field.final_calibration',
      'result.nho.dose8',
      'result.nr15.dose8',
      'risk_classification.nho.dose_daily',
      'risk_classification.nr15.dose_daily',
      'validation.avaliation',
      'validation.exposition',
      'validation.exposition_type',
      'validation.justify',
    ]);
    // A new sample's defaults ('NHO 01', 'Ruído ocupacional', one blank EPI) fill nothing required.
    expect(paths('noise', { ...blank(), ...emptyNoiseBlocks() })).toHaveLength(18);
    expect(paths('noise', noiseFilled())).toEqual([]);
  });

  it('heat: the worker, the instrument (no calibrator: none exists for heat), every task’s name, times, metabolic rate, tbn and tg, the IBUTG and every validation field', () => {
    const blocks = { ...blank(), ...emptyHeatBlocks() };
    expect(paths('heat', blocks)).toEqual([
      'caracterization.employee',
      'caracterization.function',
      'caracterization.sector',
      'memory_field.instrument',
      'memory_field.tasks.0.task',
      'memory_field.tasks.0.initial',
      'memory_field.tasks.0.final',
      'memory_field.tasks.0.metabolism',
      'memory_field.tasks.0.tbn',
      'memory_field.tasks.0.tg',
      'result.ibutg',
      ...['avaliation', 'exposition', 'sample_type', 'justify', 'initial_tbs', 'initial_tbn', 'initial_tg', 'final_tbs', 'final_tbn', 'final_tg'].map(
        (field) => `validation.${field}`,
      ),
      'validation.stabilization',
      'validation.equipment',
    ]);
    expect(paths('heat', heatFilled())).toEqual([]);
    // A second task half typed: its row is named in the list.
    const second = heatFilled();
    (second.memory_field.tasks as Array<Record<string, string>>)[1]!.tg = '';
    expect(sampleMissing('heat', second).map((field) => [field.path, field.label])).toEqual([['tasks.1.tg', 'Tarefa 2: tg (°C)']]);
  });

  // The blank required fields per tab, as marks (no invalid value in these blocks).
  const missing = (counts: Record<string, number>) =>
    Object.fromEntries(Object.entries(counts).map(([block, count]) => [block, { missing: count, invalid: 0 }]));
  it.each([
    ['noise', noiseFilled, missing({ caracterization: 0, memory_field: 0, result: 0, risk_classification: 0, validation: 0 })],
    ['noise', blank, missing({ caracterization: 3, memory_field: 7, result: 2, risk_classification: 2, validation: 4 })],
    // No classification field required: its mark says whether the condition is computed.
    [
      'heat',
      blank,
      { ...missing({ caracterization: 3, memory_field: 7, result: 1, validation: 12 }), risk_classification: { invalid: 0, computed: false } },
    ],
    [
      'heat',
      heatFilled,
      { ...missing({ caracterization: 0, memory_field: 0, result: 0, validation: 0 }), risk_classification: { invalid: 0, computed: true } },
    ],
    // Pump and calibrator, date, and the blank agent row's agent, flow and times; each result row's LQ and base; the validation but its variation.
    ['chemical', blank, missing({ caracterization: 3, memory_field: 7, result: 2, validation: 8 })],
    // Instrument, calibrator, date, type and the two times; the result row's result; the consideration; the validation.
    ['vibration', blank, missing({ caracterization: 3, memory_field: 6, result: 1, risk_classification: 1, validation: 4 })],
  ] as const)('the tab marks of %s (%#)', (slug, blocks, marks) => {
    expect(sampleTabMarks(slug, blocks())).toEqual(marks);
  });
});

describe('what a duplicate keeps and clears', () => {
  // [path, the copy's value]: kept fields have the source's value, cleared ones a new sample's.
  it.each([
    ['caracterization.ghe', 'GHE 02'],
    ['caracterization.function', 'Soldador'],
    ['caracterization.sector', 'Solda'],
    ['caracterization.supervisor', 'Ana'],
    ['caracterization.equipment', 'Máquina'],
    ['caracterization.employee', undefined],
    ['caracterization.register', undefined],
    ['caracterization.sample_no', undefined],
    ['memory_field.instrument', 'Dosímetro X'],
    ['memory_field.instrument_serie', 'S1'],
    ['memory_field.instrument_validity', '01/01/2027'],
    ['memory_field.gauge', 'Calibrador Y'],
    ['memory_field.gauge_certificate', 'GC1'],
    ['memory_field.agent', 'Ruído'],
    ['memory_field.method', 'NHO 01'],
    ['memory_field.task', 'Solda'],
    ['memory_field.duration', '08:00'],
    ['memory_field.epis.0.type', 'Protetor auricular'],
    ['memory_field.data', ''],
    ['memory_field.initial_time', ''],
    ['memory_field.final_time', ''],
    ['memory_field.interval_initial', ''],
    ['memory_field.interval_final', ''],
    ['memory_field.initial_calibration', ''],
    ['memory_field.final_calibration', ''],
    ['memory_field.observation', ''],
    ['result.nho.code', 'R1'],
    ['result.nho.agent', 'Ruído'],
    ['result.nho.method', 'NHO 01'],
    ['result.nr15.method', 'NR 15'],
    ['result.nho.result', ''],
    ['result.nho.dose8', ''],
    ['result.nho.nen', ''],
    ['result.nho.conclusion', ''],
    ['result.nho.bgColor', '#cfcfc4'],
    ['result.nr15.lavg', ''],
    ['result.nr15.dose8', ''],
    ['risk_classification.nho.dose_daily', ''],
    ['risk_classification.recomendation', ''],
    ['validation.avaliation', ''],
    ['validation.exposition', ''],
    ['validation.justify', ''],
  ])('noise %s → %j', (path, value) => {
    const [block, ...rest] = path.split('.');
    expect(valueAt(duplicateBlocks(NOISE, noiseFilled())[block as keyof SampleBlocks], rest.join('.'))).toEqual(value);
  });

  it.each([
    ['caracterization.function', 'Forneira'],
    ['caracterization.ghe', 'GHE 5'],
    ['caracterization.employee', undefined],
    ['caracterization.register', undefined],
    ['memory_field.instrument', 'Termômetro'],
    ['memory_field.gauge', 'Calibrador'],
    ['memory_field.method', 'nho06'],
    ['memory_field.tasks.0.task', 'Forno'],
    ['memory_field.tasks.1.activity_type', 'Em pé'],
    ['memory_field.tasks.0.metabolism', '300'],
    ['memory_field.tasks.1.solar_load', 'Sim'],
    ['memory_field.tasks.0.initial', ''],
    ['memory_field.tasks.1.final', ''],
    ['memory_field.tasks.0.duration', ''],
    ['memory_field.tasks.0.ura', ''],
    ['memory_field.tasks.0.var', ''],
    ['memory_field.tasks.1.tbs', ''],
    ['memory_field.tasks.1.tbn', ''],
    ['memory_field.tasks.0.tg', ''],
    ['memory_field.tasks.0.ibutg', ''],
    ['memory_field.observation', ''],
    ['result.clothing', 'work-clothes'],
    ['result.ibutg', ''],
    ['result.metabolism', ''],
    ['result.action_level', ''],
    ['result.max', ''],
    ['risk_classification.condition', ''],
    ['risk_classification.consideration', ''],
    ['validation.final_tg', ''],
    ['validation.equipment', ''],
  ])('heat %s → %j', (path, value) => {
    const [block, ...rest] = path.split('.');
    expect(valueAt(duplicateBlocks(HEAT, heatFilled())[block as keyof SampleBlocks], rest.join('.'))).toEqual(value);
  });

  it('every type has its table, and a copy is always a valid block of its type', () => {
    expect(Object.keys(SAMPLE_TYPE_RULES).sort()).toEqual(SAMPLE_TYPES.map((type) => type.slug).sort());
    // Both copies still pass the device's and the server's block schemas (cleared means a new sample's value).
    for (const [typeId, filled] of [
      [NOISE, noiseFilled],
      [HEAT, heatFilled],
    ] as const) {
      const copy = duplicateBlocks(typeId, filled());
      const schemas = SAMPLE_BLOCK_SCHEMAS[typeId === NOISE ? 'noise' : 'heat'];
      for (const block of SAMPLE_BLOCKS) expect(schemas[block].safeParse(copy[block]).success, block).toBe(true);
      expect(JSON.stringify(copy)).not.toContain('João');
      expect(JSON.stringify(copy)).not.toContain('Maria');
    }
  });

  it('the new sample: same quotation, row and type, no plan unit, the next number of that quotation', () => {
    const source = {
      key: 'a',
      quotation_key: 'q1',
      quotation_id: 7,
      type_id: NOISE,
      quotation_row_id: 'a1b2c3d4e5f60718293a4b5c',
      plan_unit: 2,
      sample_no: 2,
      agent_name: 'Ruído contínuo',
      chemical_agent: null,
    } as unknown as LocalSample;
    const others = [
      source,
      { ...source, key: 'b', sample_no: 5 },
      { ...source, key: 'c', quotation_key: 'q2', quotation_id: 8, sample_no: 40 },
    ] as LocalSample[];
    expect(duplicateValues(source, noiseFilled(), others)).toMatchObject({
      quotation_key: 'q1',
      type_id: NOISE,
      quotation_row_id: 'a1b2c3d4e5f60718293a4b5c',
      plan_unit: null,
      sample_no: 6,
      agent_name: 'Ruído contínuo',
    });
    // A sample stored before rows had ids (its row by position, not pulled since): the copy names the row the same way (the server maps it).
    expect(duplicateValues({ ...source, quotation_row_id: 1 }, noiseFilled(), others).quotation_row_id).toBe(1);
  });
});
