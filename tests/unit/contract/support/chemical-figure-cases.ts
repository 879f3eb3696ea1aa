/**
 * The figures of chemical samples as tables (issue 22): inputs as the device
 * stores them → what the descriptor's derivation gives, with the seeded
 * chemical thresholds (defaultResultThresholds: risk1 index < 0,1 'Risco
 * baixo' #4caf50, risk2 0,1–0,5 'Risco médio' #ffeb3b, risk3 0,5–1
 * 'Risco médio-alto' #ff9800, risk4 ≥ 1 'Risco alto' #f44336; LQ 'Abaixo do
 * limite de quantificação' #e0e0e0). Hand-computed in the comments. The
 * same cases run on the pure function (tests/unit/contract/chemical-derive.test.ts)
 * and through the server's save (tests/server/samples/chemical-figures.test.ts).
 */

type Block = Record<string, unknown>;

export interface ChemicalFigureCase {
  name: string;
  blocks: { memory_field?: Block; result?: Block; risk_classification?: Block; validation?: Block };
  /** Matched as a subset. */
  expected: { memory_field?: Block; result?: Block; risk_classification?: Block; validation?: Block };
}

export const GREEN = '#4caf50';
export const YELLOW = '#ffeb3b';
export const ORANGE = '#ff9800';
export const RED = '#f44336';
export const LQ_GREY = '#e0e0e0';
export const NO_DATA = '#cfcfc4';

const UNTIL_10 = ', até que a exposição fique abaixo de 10% do limite de exposição.';
export const FREQUENCY = {
  risk1: 'Reavaliar quando houver mudança significativa no processo, nas condições de trabalho ou nas medidas de controle.',
  risk2: `Reavaliar a cada dois anos${UNTIL_10}`,
  risk3: 'Reavaliar a cada seis meses.',
  risk4: `Reavaliar com frequência${UNTIL_10}`,
} as const;

/** Three agents sampled on one day, with row ids as the device makes them. */
export const THREE_AGENTS = [
  // 08:00–12:00 = 240 min; 1,50 L/min × 240 = 360 L.
  { row_id: 'a1', agent_id: 11, agent: 'Tolueno', agent_code: 'TOL', agent_cas: '108-88-3', pump_flow: '1,50', initial: '08:00', final: '12:00' },
  // 07:30–16:30 = 540 min minus 12:00–13:00 = 480 min → 08:00; 0,20 × 480 = 96 L.
  {
    row_id: 'a2',
    agent_id: 12,
    agent: 'Xileno',
    agent_code: 'XIL',
    pump_flow: '0,20',
    initial: '07:30',
    final: '16:30',
    interval_initial: '12:00',
    interval_final: '13:00',
  },
  // 22:00–02:00 = 240 min (a day added) minus 23:30–00:30 = 60 min (the interval wraps too) → 03:00; 1 × 180 = 180 L.
  {
    row_id: 'a3',
    agent_id: null,
    agent: 'Sílica',
    pump_flow: '1',
    initial: '22:00',
    final: '02:00',
    interval_initial: '23:30',
    interval_final: '00:30',
  },
];

export const THREE_RESULTS = [
  // 20 / 20 = 1 → risk4; LT 78 → FD 1,5 (10 < LT ≤ 100), max 117.
  { row_id: 'a1', agent_row_id: 'a1', lq: 'A cima', result: '20', unity: 'ppm', twa: '20', mp: '78', calculation_base: 'TWA' },
  // 10 / 100 = 0,1 → risk2 (min inclusive).
  { row_id: 'a2', agent_row_id: 'a2', lq: 'A cima', result: '10', unity: 'ppm', twa: '100', calculation_base: 'TWA' },
  // Below the LQ: level lq whatever the numbers.
  { row_id: 'a3', agent_row_id: 'a3', lq: 'Abaixo', result: '5', unity: 'mg/m³', twa: '0,025', calculation_base: 'TWA' },
];

const BANDS = 'de Configurações > Resultados (categorias de exposição AIHA)';

export const CHEMICAL_FIGURE_CASES: ChemicalFigureCase[] = [
  {
    name: 'three agents: total times, volumes, risk levels, classification, flow check',
    blocks: {
      memory_field: { date: '03/11/2026', agents: THREE_AGENTS },
      result: { agents: THREE_RESULTS },
      // 1,00 → 0,97 L/min: −3 % (inside ±5 %), mean 0,985.
      validation: { varification_initial: '1,00', varification_final: '0,97' },
    },
    expected: {
      memory_field: {
        agents: [
          { row_id: 'a1', total_time: '04:00', volume: '360' },
          { row_id: 'a2', total_time: '08:00', volume: '96' },
          { row_id: 'a3', total_time: '03:00', volume: '180' },
        ],
      },
      result: {
        agents: [
          {
            agent_row_id: 'a1',
            code: 'TOL',
            agent_chemical: 'Tolueno',
            agent_id: 11,
            deviation_factor: '1,5',
            max_value: '117',
            risk_level: 'risk4',
            conclusion: 'Risco alto',
            bg_color: RED,
            criterion:
              `Índice = resultado / TWA = 20 / 20 = 1; faixa Alto (índice ≥ 1) ${BANDS}. ` +
              'NR-15 Anexo 11 (Portaria MTb 3.214/1978): valor máximo = LT × FD = 78 × 1,5 = 117 ppm (FD pela tabela do anexo)',
          },
          {
            agent_row_id: 'a2',
            agent_chemical: 'Xileno',
            deviation_factor: '',
            max_value: '',
            risk_level: 'risk2',
            conclusion: 'Risco médio',
            bg_color: YELLOW,
            criterion: `Índice = resultado / TWA = 10 / 100 = 0,1; faixa Médio (0,1 ≤ índice < 0,5) ${BANDS}`,
          },
          {
            agent_row_id: 'a3',
            agent_chemical: 'Sílica',
            risk_level: 'lq',
            conclusion: 'Abaixo do limite de quantificação',
            bg_color: LQ_GREY,
            criterion: 'Resultado abaixo do limite de quantificação: conclusão de Configurações > Resultados (LQ)',
          },
        ],
      },
      risk_classification: {
        classifications: [
          { agent_row_id: 'a1', agent_chemical: 'Tolueno', index: 'risk4', leo: '100', frequency: FREQUENCY.risk4 },
          { agent_row_id: 'a2', agent_chemical: 'Xileno', index: 'risk2', leo: '10', frequency: FREQUENCY.risk2 },
          { agent_row_id: 'a3', agent_chemical: 'Sílica', index: 'lq', leo: '', frequency: '' },
        ],
      },
      validation: { variation: '-3', variation_check: 'Dentro da tolerância de ±5 %; vazão média 0,985 L/min' },
    },
  },
  {
    // NR-15 base: 40 / 78 = 0,5128 → risk3; LEO 51,28 %. A result above LT × FD is 'risco grave e iminente':
    // LT 0,5 → FD 3 (LT ≤ 1), max 1,5; 1,6 > 1,5.
    name: 'NR-15 base, and a result above the maximum value',
    blocks: {
      memory_field: {
        agents: [
          { row_id: 'b1', agent: 'Benzeno' },
          { row_id: 'b2', agent: 'Tolueno' },
        ],
      },
      result: {
        agents: [
          { row_id: 'b1', agent_row_id: 'b1', lq: 'A cima', result: '1,6', unity: 'ppm', mp: '0,5', calculation_base: 'NR-15' },
          { row_id: 'b2', agent_row_id: 'b2', lq: 'A cima', result: '40', unity: 'ppm', twa: '1000', mp: '78', calculation_base: 'NR-15' },
        ],
      },
    },
    expected: {
      result: {
        agents: [
          {
            deviation_factor: '3',
            max_value: '1,5',
            risk_level: 'risk4',
            criterion:
              `Índice = resultado / LT da NR-15 = 1,6 / 0,5 = 3,2; faixa Alto (índice ≥ 1) ${BANDS}. ` +
              'NR-15 Anexo 11 (Portaria MTb 3.214/1978): valor máximo = LT × FD = 0,5 × 3 = 1,5 ppm (FD pela tabela do anexo); resultado acima do valor máximo: risco grave e iminente',
          },
          { deviation_factor: '1,5', max_value: '117', risk_level: 'risk3', conclusion: 'Risco médio-alto', bg_color: ORANGE },
        ],
      },
      risk_classification: {
        classifications: [
          { agent_chemical: 'Benzeno', index: 'risk4', leo: '320' },
          { agent_chemical: 'Tolueno', index: 'risk3', leo: '51,28', frequency: FREQUENCY.risk3 },
        ],
      },
    },
  },
  {
    // Typed over on purpose: the total time and the volume stay; the deviation factor too (max = 78 × 2).
    name: 'figures typed over on purpose are kept',
    blocks: {
      memory_field: {
        agents: [{ row_id: 'c1', agent: 'Tolueno', pump_flow: '1', initial: '08:00', final: '09:00', total_time: '00:50', typed: ['total_time'] }],
      },
      result: { agents: [{ row_id: 'c1', agent_row_id: 'c1', mp: '78', deviation_factor: '2', typed: ['deviation_factor'] }] },
    },
    expected: {
      memory_field: { agents: [{ total_time: '00:50', volume: '50', typed: ['total_time'] }] },
      result: { agents: [{ deviation_factor: '2', max_value: '156', risk_level: '---', conclusion: '', bg_color: NO_DATA }] },
    },
  },
  {
    // A flow that drifted 6 %: beyond the tolerance.
    name: 'a flow check beyond the tolerance',
    blocks: { validation: { varification_initial: '1', varification_final: '0,94' } },
    expected: { validation: { variation: '-6', variation_check: 'Fora da tolerância de ±5 %: a verificação da vazão invalida a amostra' } },
  },
  {
    // The original system's single record: the list of one, kept as typed while its row gives no level.
    name: 'a legacy single-record classification becomes the list',
    blocks: {
      memory_field: { agents: [{ row_id: 'd1', agent: 'Tolueno' }] },
      risk_classification: { agent_chemical: 'Tolueno', index: 'risk2', leo: '0,3', frequency: 'Bienal', recommendation: 'Manter EPI' },
    },
    expected: {
      risk_classification: {
        recommendation: 'Manter EPI',
        classifications: [{ agent_chemical: 'Tolueno', index: 'risk2', leo: '0,3', frequency: 'Bienal' }],
      },
    },
  },
];
