/**
 * The figures of vibration samples as a table (issue 23): inputs as the
 * device stores them → what the descriptor's derivation gives, hand-computed
 * in the comments (calculations.md section 3; bands of spec section 9:
 * whole body AREN < 0,5 / 0,5–0,9 / 0,9–1,1 / ≥ 1,1; VDVR < 9,1 / 9,1–16,4 /
 * 16,4–21 / ≥ 21; hands and arms < 2,5 / 2,5–3,5 / 3,5–5 / ≥ 5). The same
 * cases run on the pure function (tests/unit/contract/vibration-derive.test.ts)
 * and through the server's save (tests/server/samples/vibration-figures.test.ts).
 */
import { expect } from 'vitest';
import type { FigureCase } from './figure-cases';

const YELLOW = '#ffeb3b';
const ORANGE = '#ff9800';
const RED = '#f44336';
const GREEN = '#4caf50';

const LIMIT = 'limite NR-15 Anexo 8 (Portaria MTE 1.297/2014)';
const NHO09 = 'NHO 09 (2013)';
const NHO10 = 'NHO 10 (2013)';
const VDV_HOW = 'VDV dos eixos x e y × 1,4, escalado à exposição';

export const VIBRATION_BAND = {
  1: { consideration: 'Aceitável', recomendation: 'Manutenção da condição existente', bgColor: GREEN },
  2: { consideration: 'Acima do nível de ação', recomendation: 'Adoção de medidas preventivas', bgColor: YELLOW },
  3: {
    consideration: 'Região de incerteza',
    recomendation: 'Adoção de medidas preventivas e corretivas para redução da exposição',
    bgColor: ORANGE,
  },
  4: { consideration: 'Acima do limite de exposição', recomendation: 'Adoção imediata de medidas corretivas', bgColor: RED },
} as const;

/** A truck driver's day: 6 h of transport measured for 1 h (VCI from the agent). */
export const WHOLE_BODY_MEMORY = {
  agent: 'Vibração de corpo inteiro (VCI)',
  exposition_time: '06:00',
  sample_time: '01:00',
  measurements: [{ row_id: 'm1', name: 'Transporte', ax: '0,30', ay: '0,25', az: '0,60', vdv_x: '2', vdv_y: '2', vdv_z: '6' }],
};

export const VIBRATION_FIGURE_CASES: FigureCase[] = [
  {
    // Type from the agent → 'corpo', NHO 09, AREN/VDVR. The lone measurement takes the memory's times (6 h, 1 h).
    // arep = sqrt((1,4 × 0,30)² + (1,4 × 0,25)² + 0,60²) = 0,8117; AREN = sqrt(0,8117² × 360 / 480) = 0,7030 → band 2.
    // VDV: f = (360 / 60)^(1/4) = 1,5651; x = y = 1,4 × 2 × f = 4,3822; z = 6 × f = 9,3905;
    // VDVR = (2 × 4,3822⁴ + 9,3905⁴)^(1/4) = 9,6057 → band 2. Worse of the two: band 2.
    name: 'whole body from the agent, one component with the memory’s times',
    blocks: { memory_field: WHOLE_BODY_MEMORY },
    expected: {
      memory_field: {
        vibration_type: 'corpo',
        method: 'NHO 09',
        criterion: 'AREN/VDVR',
        measurements: [{ row_id: 'm1', arep: '0,81', vdv_exp: '9,61' }],
      },
      result: {
        rows: [
          {
            row_id: 'aren',
            norma: 'NHO 09',
            criterion: 'AREN',
            result: '0,70',
            limit: '1,1 m/s²',
            basis: `${NHO09}: AREN de 1 componente, exposição diária 06:00; ${LIMIT}`,
            bgColor: YELLOW,
            typed: [],
          },
          {
            row_id: 'vdvr',
            norma: 'NHO 09',
            criterion: 'VDVR',
            result: '9,61',
            limit: '21 m/s^1,75',
            basis: `${NHO09}: VDVR de 1 componente (${VDV_HOW}), exposição diária 06:00; ${LIMIT}`,
            bgColor: YELLOW,
            typed: [],
          },
        ],
      },
      risk_classification: {
        aren: '0,70',
        aren_band: 'Faixa 2: de 0,5 a < 0,9 m/s² (Acima do nível de ação)',
        aren_color: YELLOW,
        vdvr: '9,61',
        vdvr_band: 'Faixa 2: de 9,1 a < 16,4 m/s^1,75 (Acima do nível de ação)',
        vdvr_color: YELLOW,
        ...VIBRATION_BAND[2],
        exposition_recomendation: expect.stringContaining('Exposição acima do nível de ação (NR-09 Anexo 1)'),
        typed: [],
      },
    },
  },
  {
    // 2 h at arep 0,5 (z only): AREN = sqrt(0,25 × 120 / 480) = 0,25 → band 1;
    // VDV z 12 over 30 min for 2 h: 12 × 4^(1/4) = 16,9706 → band 3. The worse: band 3.
    name: 'whole body takes the worse of AREN (band 1) and VDVR (band 3)',
    blocks: {
      memory_field: {
        vibration_type: 'corpo',
        measurements: [
          { name: 'Empilhadeira', exposure_time: '02:00', measured_time: '00:30', ax: '0', ay: '0', az: '0,5', vdv_x: '0', vdv_y: '0', vdv_z: '12' },
        ],
      },
    },
    expected: {
      result: {
        rows: [
          { result: '0,25', bgColor: GREEN },
          { result: '16,97', bgColor: ORANGE },
        ],
      },
      risk_classification: {
        aren_color: GREEN,
        vdvr_color: ORANGE,
        vdvr_band: 'Faixa 3: de 16,4 a < 21 m/s^1,75 (Região de incerteza)',
        ...VIBRATION_BAND[3],
      },
    },
  },
  {
    // calculations.md: 5 h at 0,8 and 1 h at 0,4 → sqrt((0,64 × 300 + 0,16 × 60) / 480) = 0,6481 → band 2.
    // arep typed (no axis): the technician's. No VDV typed: VDVR stays empty, the band is AREN's.
    name: 'two components combine by their exposure times (arep as the instrument gave it)',
    blocks: {
      memory_field: {
        vibration_type: 'corpo',
        measurements: [
          { name: 'Pá carregadeira', exposure_time: '05:00', arep: '0,8' },
          { name: 'Caminhão', exposure_time: '01:00', arep: '0,4' },
        ],
      },
    },
    expected: {
      memory_field: { measurements: [{ arep: '0,8' }, { arep: '0,4' }] },
      result: {
        rows: [
          { criterion: 'AREN', result: '0,65', basis: `${NHO09}: AREN de 2 componentes, exposição diária 06:00; ${LIMIT}` },
          { criterion: 'VDVR', result: '', basis: '', bgColor: '' },
        ],
      },
      risk_classification: { aren: '0,65', vdvr: '', vdvr_band: '', vdvr_color: '', ...VIBRATION_BAND[2] },
    },
  },
  {
    // Type from the agent → hands and arms, NHO 10, AREN, no secondary criterion. Exposure = cycle 00:10 × 24 = 4 h.
    // arep = sqrt(3² + 4² + 0²) = 5; AREN = 5 × sqrt(240 / 480) = 3,5355 → hand-arm band 3. VDV is not read.
    name: 'hands and arms from the agent: NHO 10, AREN only, exposure from the cycle × repetitions',
    blocks: {
      memory_field: {
        agent: 'Vibração de mãos e braços (VMB)',
        criterion_1: '1,1 Aren / 21 VDVR',
        cycle: '00:10',
        repeat_number: '24',
        sample_time: '00:20',
        measurements: [{ name: 'Lixadeira', ax: '3', ay: '4', az: '0', vdv_z: '30' }],
      },
    },
    expected: {
      memory_field: { vibration_type: 'maos-bracos', method: 'NHO 10', criterion: 'AREN', criterion_1: '', measurements: [{ arep: '5,00' }] },
      result: {
        rows: [
          {
            row_id: 'aren',
            norma: 'NHO 10',
            criterion: 'AREN',
            result: '3,54',
            limit: '5 m/s²',
            basis: `${NHO10}: AREN de 1 componente, exposição diária 04:00; ${LIMIT}`,
            bgColor: ORANGE,
          },
        ],
      },
      risk_classification: {
        aren: '3,54',
        aren_band: 'Faixa 3: de 3,5 a < 5 m/s² (Região de incerteza)',
        vdvr: '',
        vdvr_band: '',
        ...VIBRATION_BAND[3],
      },
    },
  },
  {
    // Nothing measured: AREN 1,1 and VDVR 21 typed by hand, each exactly on the limit → band 4 (lower bound inclusive).
    name: 'results typed by hand on the limit are over it (band 4), marked as the technician’s',
    blocks: {
      memory_field: { vibration_type: 'corpo' },
      result: {
        rows: [
          { row_id: 'aren', result: '1,1', typed: ['result'] },
          { row_id: 'vdvr', result: '21', typed: ['result'] },
        ],
      },
    },
    expected: {
      result: {
        rows: [
          { result: '1,1', typed: ['result'], bgColor: RED, basis: `${NHO09}: digitado pelo técnico; ${LIMIT}` },
          { result: '21', typed: ['result'], bgColor: RED },
        ],
      },
      risk_classification: { aren_band: 'Faixa 4: ≥ 1,1 m/s² (Acima do limite de exposição)', ...VIBRATION_BAND[4] },
    },
  },
  {
    // The same day as the first case, and the technician chose 'Região de incerteza': kept, with its colour;
    // the recommendation, not chosen, is still band 2's.
    name: 'a consideration the technician chose is kept, with its colour',
    blocks: {
      memory_field: WHOLE_BODY_MEMORY,
      risk_classification: { consideration: 'Região de incerteza', typed: ['consideration'] },
    },
    expected: {
      risk_classification: {
        consideration: 'Região de incerteza',
        bgColor: ORANGE,
        recomendation: 'Adoção de medidas preventivas',
        typed: ['consideration'],
      },
    },
  },
  {
    // An axis missing: no arep (the one before, from all three axes, is gone), no AREN (never a partial figure).
    name: 'a half-typed measurement gives no figure',
    blocks: { memory_field: { vibration_type: 'corpo', measurements: [{ exposure_time: '08:00', ax: '0,3', az: '0,6', arep: '0,81' }] } },
    expected: {
      memory_field: { measurements: [{ arep: '' }] },
      // Nothing to classify: the blank classification is left as it was.
      result: { rows: [{ result: '', basis: '' }, { result: '' }] },
      risk_classification: {},
    },
  },
  {
    // A stale result sent without the typed mark: the measurements' figure replaces it.
    name: 'a wrong AREN sent with the measurements is replaced by theirs',
    blocks: { memory_field: WHOLE_BODY_MEMORY, result: { rows: [{ row_id: 'aren', result: '9,99' }] } },
    expected: {
      result: {
        rows: [
          { row_id: 'aren', result: '0,70', typed: [] },
          { row_id: 'vdvr', result: '9,61' },
        ],
      },
    },
  },
];
