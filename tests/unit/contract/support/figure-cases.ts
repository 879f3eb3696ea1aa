/**
 * The figures of noise and heat samples as tables (issue 21): inputs as the
 * device stores them → the figures the descriptor's derivation gives, with
 * the seeded thresholds of Settings > Resultados (defaultResultThresholds:
 * Dose % < 50 level 1 Aceitável #4caf50, 50–80 level 2 #ffeb3b, 80–100
 * level 3 #ff9800, ≥ 100 level 4 #f44336, the same for Dose 8h and the daily
 * dose). Hand-computed in the comments. The same cases run on the pure
 * function (tests/unit/contract/noise-derive.test.ts, heat-derive.test.ts)
 * and through the server's save (tests/server/samples/figures.test.ts).
 */

/** The version of the seeded noise levels (noise-figures.ts thresholdsVersion; the same for NHO and NR15). */
export const SEEDED_LEVELS_VERSION = 'c5297747';

const NHO = 'NHO 01 (2001), q = 3, nível de critério 85 dB(A), limiar 80 dB(A)';
const NR15 = 'NR-15 Anexo 1 (Portaria MTb 3.214/1978), q = 5, nível de critério 85 dB(A), limiar 80 dB(A)';
const LIMITS = `limiares de conclusão ${SEEDED_LEVELS_VERSION}`;

const GREEN = '#4caf50';
const YELLOW = '#ffeb3b';
const ORANGE = '#ff9800';
const RED = '#f44336';
const GREY = '#cfcfc4';

const LEVEL = {
  1: { consideration: 'Aceitável', recommended_action: 'Manutenção da condição existente', bgColor: GREEN },
  2: { consideration: 'Acima do nível de ação', recommended_action: 'Adoção de medidas preventivas', bgColor: YELLOW },
  3: {
    consideration: 'Região de incerteza',
    recommended_action: 'Adoção de medidas preventivas e corretivas para redução da exposição',
    bgColor: ORANGE,
  },
  4: { consideration: 'Acima do limite de exposição', recommended_action: 'Adoção imediata de medidas corretivas', bgColor: RED },
} as const;

type Block = Record<string, unknown>;

export interface FigureCase {
  name: string;
  /** The blocks as the device sends them (only those the case needs). */
  blocks: { memory_field?: Block; result?: Block; risk_classification?: Block };
  /** What the derivation gives, per block (matched as a subset). */
  expected: { memory_field?: Block; result?: Block; risk_classification?: Block };
}

/* ---------- noise ---------- */

/** Measured 07:00–12:00 = 300 min, journey 08:00 = 480 min. */
const FIVE_HOURS_OF_EIGHT = { initial_time: '07:00', final_time: '12:00', duration: '08:00' };

export const NOISE_FIGURE_CASES: FigureCase[] = [
  {
    // Dose 8h = 80 × 480 / 300 = 128.0 (both norms: the projection is linear).
    // NHO (q = 3): NEN = 85 + 10·log10(1.28) = 86.07; TWA = NE(480) = the same; Leq over 300 min = 85 + 10·log10(480/300 × 0.8) = 86.07.
    // NR 15 (q = 5): NEN = TWA = 85 + 16.61·log10(1.28) = 86.78; Lavg over 5 h = 80 + 16.61·log10(0.16 × 80 / 5) = 80 + 16.61 × 0.40824 = 86.78.
    // 128 ≥ 100 → level 4 for the conclusion; the daily doses, blank, take 128,0 → level 4.
    name: 'measured dose 80 % over 5 h, journey 8 h, both norms',
    blocks: { memory_field: FIVE_HOURS_OF_EIGHT, result: { nho: { result: '80' }, nr15: { result: '80' } } },
    expected: {
      result: {
        nho: {
          dose8: '128,0',
          nen: '86,1',
          twa: '86,1',
          leq: '86,1',
          conclusion: LEVEL[4].consideration,
          bgColor: RED,
          criterion: `${NHO}; Dose 8h calculada da dose medida (tempo medido 05:00, jornada 08:00); ${LIMITS}`,
        },
        nr15: {
          dose8: '128,0',
          nen: '86,8',
          twa: '86,8',
          lavg: '86,8',
          conclusion: LEVEL[4].consideration,
          bgColor: RED,
          criterion: `${NR15}; Dose 8h calculada da dose medida (tempo medido 05:00, jornada 08:00); ${LIMITS}`,
        },
      },
      risk_classification: {
        nho: { dose_daily: '128,0', dose_daily_proposed: '128,0', ...LEVEL[4] },
        nr15: { dose_daily: '128,0', dose_daily_proposed: '128,0', ...LEVEL[4] },
      },
    },
  },
  {
    // 07:00–12:30 minus the interval 10:00–10:30 = 300 min; no journey → the measured time. Dose 8h = 40.0 → level 1.
    // NEN = 85 + 10·log10(0.4) = 81.02; TWA = NE(300) = 85 + 10·log10(480/300 × 0.4) = 85 + 10·log10(0.64) = 83.06; Leq the same.
    name: 'measured dose 40 % with an interval, no journey (the measured time)',
    blocks: {
      memory_field: { initial_time: '07:00', final_time: '12:30', interval_initial: '10:00', interval_final: '10:30' },
      result: { nho: { result: '40' } },
    },
    expected: {
      result: {
        nho: {
          dose8: '40,0',
          nen: '81,0',
          twa: '83,1',
          leq: '83,1',
          conclusion: LEVEL[1].consideration,
          bgColor: GREEN,
          criterion: `${NHO}; Dose 8h calculada da dose medida (tempo medido 05:00, jornada 05:00); ${LIMITS}`,
        },
        // Nothing measured nor typed: no figure, no criterion, grey.
        nr15: { dose8: '', conclusion: '', bgColor: GREY, criterion: '' },
      },
      risk_classification: {
        nho: { dose_daily: '40,0', dose_daily_proposed: '40,0', ...LEVEL[1] },
        nr15: { dose_daily: '', dose_daily_proposed: '', consideration: '', bgColor: '' },
      },
    },
  },
  {
    // Leq 88 dB(A) typed over 07:00–11:00 (4 h): measured dose = 100 × (4/8) × 10^((88 − 85)/10) = 50 × 1.99526 = 99.76 %;
    // Dose 8h = 99.76 × 480/240 = 199.53; NEN = TWA = 85 + 10·log10(1.9953) = 88.0. The typed Leq stays as typed.
    name: 'average level typed (NHO Leq 88 dB(A) over 4 h, journey 8 h)',
    blocks: { memory_field: { initial_time: '07:00', final_time: '11:00', duration: '08:00' }, result: { nho: { leq: '88' } } },
    expected: {
      result: {
        nho: {
          leq: '88',
          dose8: '199,5',
          nen: '88,0',
          twa: '88,0',
          conclusion: LEVEL[4].consideration,
          bgColor: RED,
          criterion: `${NHO}; Dose 8h calculada do nível médio (tempo medido 04:00, jornada 08:00); ${LIMITS}`,
        },
      },
      risk_classification: { nho: { dose_daily: '199,5', ...LEVEL[4] } },
    },
  },
  {
    // Neither a measured dose nor an average level: Dose 8h, NEN and TWA are the technician's and stay as typed.
    // 85 → level 3 (80 ≤ 85 < 100); the blank daily dose takes 85.
    name: 'Dose 8h, NEN and TWA typed by hand (no dose, no level) are kept',
    blocks: { result: { nho: { dose8: '85', nen: '85,5', twa: '84' } } },
    expected: {
      result: {
        nho: {
          dose8: '85',
          nen: '85,5',
          twa: '84',
          conclusion: LEVEL[3].consideration,
          bgColor: ORANGE,
          criterion: `${NHO}; Dose 8h digitada pelo técnico; ${LIMITS}`,
        },
      },
      risk_classification: { nho: { dose_daily: '85', dose_daily_proposed: '85', ...LEVEL[3] } },
    },
  },
  {
    // A device sent a wrong Dose 8h and proposed the daily dose from it: Dose 8h is 128,0 (first case), and the
    // daily dose, still the proposal (999 = dose_daily_proposed), follows it.
    name: 'a wrong Dose 8h sent with its proposal: both follow the measured dose',
    blocks: {
      memory_field: FIVE_HOURS_OF_EIGHT,
      result: { nho: { result: '80', dose8: '999', nen: '1', twa: '1', conclusion: 'Aceitável', bgColor: GREEN } },
      risk_classification: { nho: { dose_daily: '999', dose_daily_proposed: '999', ...LEVEL[4] } },
    },
    expected: {
      result: { nho: { dose8: '128,0', nen: '86,1', twa: '86,1', conclusion: LEVEL[4].consideration, bgColor: RED } },
      risk_classification: { nho: { dose_daily: '128,0', dose_daily_proposed: '128,0', ...LEVEL[4] } },
    },
  },
  {
    // The technician typed 90 (not the proposal 100,0): it stays, with the consideration they chose; its colour is 90's (level 3).
    name: 'a daily dose the technician typed over the proposal is kept',
    blocks: {
      memory_field: FIVE_HOURS_OF_EIGHT,
      result: { nho: { result: '80' } },
      risk_classification: {
        nho: { dose_daily: '90', dose_daily_proposed: '100,0', consideration: 'Acima do nível de ação', recommended_action: '', bgColor: '' },
      },
    },
    expected: {
      result: { nho: { dose8: '128,0' } },
      risk_classification: {
        nho: { dose_daily: '90', dose_daily_proposed: '100,0', consideration: 'Acima do nível de ação', recommended_action: '', bgColor: ORANGE },
      },
    },
  },
  {
    // A daily dose stored before the proposal existed (no dose_daily_proposed): typed by the technician, kept; 60 → level 2 colour.
    name: 'a legacy daily dose without the proposal memory is kept',
    blocks: {
      memory_field: FIVE_HOURS_OF_EIGHT,
      result: { nho: { result: '80' } },
      risk_classification: {
        nho: { dose_daily: '60', consideration: 'Acima do nível de ação', recommended_action: 'Adoção de medidas preventivas' },
      },
    },
    expected: {
      risk_classification: {
        nho: { dose_daily: '60', dose_daily_proposed: '', consideration: 'Acima do nível de ação', bgColor: YELLOW },
      },
    },
  },
  {
    // 07:00–12:30 minus 10:00–10:30 = 300 min, journey 480: a constant exposure projected to the journey.
    // NHO 25 %: Dose 8h = 25 × 480/300 = 40.0; NEN = TWA = 85 + 10·log10(0.4) = 81.02; Leq = 85 + 10·log10(0.25 × 480/300) = 81.02 → level 1.
    // NR 15 50 %: Dose 8h = 80.0; NEN = TWA = 85 + 16.61·log10(0.8) = 83.39; Lavg = 80 + 16.61·log10(0.16 × 50/5) = 83.39 → level 3.
    name: 'measured doses with an interval: NHO 25 % (level 1), NR 15 50 % (level 3)',
    blocks: {
      memory_field: { initial_time: '07:00', final_time: '12:30', interval_initial: '10:00', interval_final: '10:30', duration: '08:00' },
      result: { nho: { result: '25' }, nr15: { result: '50' } },
    },
    expected: {
      result: {
        nho: {
          dose8: '40,0',
          nen: '81,0',
          twa: '81,0',
          leq: '81,0',
          conclusion: LEVEL[1].consideration,
          bgColor: GREEN,
          criterion: `${NHO}; Dose 8h calculada da dose medida (tempo medido 05:00, jornada 08:00); ${LIMITS}`,
        },
        nr15: { dose8: '80,0', nen: '83,4', twa: '83,4', lavg: '83,4', conclusion: LEVEL[3].consideration, bgColor: ORANGE },
      },
    },
  },
  {
    // Journey 6 h: Dose 8h = 80 × 360/300 = 96.0 (level 3); NEN = 85 + 10·log10(0.96 × 360/480) = 84.8 ≠ TWA = NE(360) = 86.1 = Leq.
    name: 'a journey of 6 h: NEN differs from TWA',
    blocks: { memory_field: { initial_time: '07:00', final_time: '12:00', duration: '06:00' }, result: { nho: { result: '80' } } },
    expected: {
      result: {
        nho: {
          dose8: '96,0',
          nen: '84,8',
          twa: '86,1',
          leq: '86,1',
          conclusion: LEVEL[3].consideration,
          bgColor: ORANGE,
          criterion: `${NHO}; Dose 8h calculada da dose medida (tempo medido 05:00, jornada 06:00); ${LIMITS}`,
        },
      },
    },
  },
  {
    // No journey: the measured 300 min are the journey, so Dose 8h = the measured 80.0 (level 3); NEN = 85 + 10·log10(0.8 × 300/480) … 84.0.
    name: 'no journey: the measured time is the journey',
    blocks: { memory_field: { initial_time: '07:00', final_time: '12:00' }, result: { nho: { result: '80' } } },
    expected: {
      result: {
        nho: {
          dose8: '80,0',
          nen: '84,0',
          twa: '86,1',
          leq: '86,1',
          conclusion: LEVEL[3].consideration,
          bgColor: ORANGE,
          criterion: `${NHO}; Dose 8h calculada da dose medida (tempo medido 05:00, jornada 05:00); ${LIMITS}`,
        },
      },
    },
  },
  {
    // No dose: from the average level. NR 15 Lavg 85 over 8 h → Dose 8h = 100 % (level 4), NEN 85,0; the typed Lavg stays.
    name: 'NR 15 Lavg 85 dB(A) typed over 8 h, no dose',
    blocks: { memory_field: { initial_time: '08:00', final_time: '16:00' }, result: { nr15: { lavg: '85' } } },
    expected: {
      result: {
        nr15: {
          lavg: '85',
          dose8: '100,0',
          nen: '85,0',
          conclusion: LEVEL[4].consideration,
          bgColor: RED,
          criterion: `${NR15}; Dose 8h calculada do nível médio (tempo medido 08:00, jornada 08:00); ${LIMITS}`,
        },
      },
    },
  },
];

/* ---------- heat ---------- */

const ACCLIMATIZED = 'NHO 06 (2017); limites NR-15 Anexo 3 (Portaria SEPRT 1.359/2019), trabalhador aclimatizado';

/**
 * calculations.md's example: 40 min at 30.0 °C (0.7 × 27 + 0.3 × 37 = 18.9 + 11.1) and 243 W, then 20 min at
 * 25.0 °C (0.7 × 22 + 0.3 × 32 = 15.4 + 9.6) and 117 W.
 */
const EXAMPLE_TASKS = [
  { task: 'Forno', initial: '08:00', final: '08:40', metabolism: '243', tbn: '27', tg: '37' },
  { task: 'Pausa', initial: '08:40', final: '09:00', metabolism: '117', tbn: '22', tg: '32' },
];

/** One hour at 243 W: limit 56.7 − 11.5·log10(243) = 56.7 − 27.43 = 29.27 → 29.3; action 59.9 − 14.1 × 2.3856 = 26.26 → 26.3. */
const ONE_HOUR_243 = { metabolism: '243', action_level: '26,3', max: '29,3' };

export const HEAT_FIGURE_CASES: FigureCase[] = [
  {
    // IBUTG = (30 × 40 + 25 × 20) / 60 = 28.33; M = (243 × 40 + 117 × 20) / 60 = 201 W;
    // limit 56.7 − 11.5 × log10(201) = 56.7 − 26.49 = 30.2; action 59.9 − 14.1 × 2.3032 = 27.4 → 27.4 ≤ 28.3 < 30.2.
    name: "calculations.md's example: durations and IBUTG from the times and readings",
    blocks: { memory_field: { tasks: EXAMPLE_TASKS } },
    expected: {
      memory_field: {
        tasks: [
          { duration: '00:40', ibutg: '30,0' },
          { duration: '00:20', ibutg: '25,0' },
        ],
      },
      result: { metabolism: '201', ibutg: '28,3', action_level: '27,4', max: '30,2', criterion: ACCLIMATIZED },
      risk_classification: {
        condition: 'Acima do nível de ação',
        consideration: 'Acima do nível de ação',
        recomendation: 'Adoção de medidas preventivas',
      },
    },
  },
  {
    // The same with an SMS polypropylene coverall: 28.33 + 0.5 = 28.83 → 28,8, same limits and condition.
    name: 'the clothing increment is added and recorded in the criterion',
    blocks: { memory_field: { tasks: EXAMPLE_TASKS }, result: { clothing: 'sms-polypropylene-coverall' } },
    expected: {
      result: { metabolism: '201', ibutg: '28,8', action_level: '27,4', max: '30,2', criterion: `${ACCLIMATIZED}; vestimenta +0,5 °C` },
      risk_classification: { condition: 'Acima do nível de ação' },
    },
  },
  {
    // Typed over on purpose ('ibutg' in typed): 35,0 stays although the readings give 30,0. 35.0 ≥ 29.3 → above the limit.
    name: 'an IBUTG typed over on purpose is kept and weighted',
    blocks: {
      memory_field: {
        tasks: [{ task: 'Forno', initial: '08:00', final: '09:00', metabolism: '243', tbn: '27', tg: '37', ibutg: '35,0', typed: ['ibutg'] }],
      },
    },
    expected: {
      memory_field: { tasks: [{ duration: '01:00', ibutg: '35,0', typed: ['ibutg'] }] },
      result: { ...ONE_HOUR_243, ibutg: '35,0', criterion: ACCLIMATIZED },
      risk_classification: { condition: 'Acima do limite de exposição', recomendation: 'Adoção imediata de medidas corretivas' },
    },
  },
  {
    // Typed over on purpose ('duration' in typed): 00:30 stays although the times give 01:00; 30 min at 30.0 °C and 243 W.
    name: 'a duration typed over on purpose is kept',
    blocks: {
      memory_field: {
        tasks: [{ task: 'Forno', initial: '08:00', final: '09:00', duration: '00:30', metabolism: '243', tbn: '27', tg: '37', typed: ['duration'] }],
      },
    },
    expected: {
      memory_field: { tasks: [{ duration: '00:30', ibutg: '30,0' }] },
      result: { ...ONE_HOUR_243, ibutg: '30,0' },
      risk_classification: { condition: 'Acima do limite de exposição' },
    },
  },
  {
    // Stored before the marks existed: no times and no readings, so the typed duration and IBUTG are kept (never wiped).
    // 29.0: 26.3 ≤ 29.0 < 29.3 → above the action level.
    name: 'legacy typed duration and IBUTG without marks, on a row without times or readings, are kept',
    blocks: { memory_field: { tasks: [{ task: 'Forno', duration: '01:00', metabolism: '243', ibutg: '29,0' }] } },
    expected: {
      memory_field: { tasks: [{ duration: '01:00', ibutg: '29,0' }] },
      result: { ...ONE_HOUR_243, ibutg: '29,0', criterion: ACCLIMATIZED },
      risk_classification: { condition: 'Acima do nível de ação' },
    },
  },
  {
    // Readings given and no mark: the IBUTG is theirs (30,0), whatever was stored (31,0).
    name: 'a stale IBUTG without a mark follows the readings',
    blocks: { memory_field: { tasks: [{ task: 'Forno', initial: '08:00', final: '09:00', metabolism: '243', tbn: '27', tg: '37', ibutg: '31,0' }] } },
    expected: {
      memory_field: { tasks: [{ duration: '01:00', ibutg: '30,0' }] },
      result: { ...ONE_HOUR_243, ibutg: '30,0' },
    },
  },
  {
    // Outdoors with sun: 0.7 × 27 + 0.2 × 37 + 0.1 × 35 = 18.9 + 7.4 + 3.5 = 29.8 ≥ 29.3; a night task 23:30–00:30 lasts 01:00.
    name: 'solar load and a task across midnight',
    blocks: {
      memory_field: {
        tasks: [{ task: 'Pátio', initial: '23:30', final: '00:30', metabolism: '243', tbs: '35', tbn: '27', tg: '37', solar_load: 'Sim' }],
      },
    },
    expected: {
      memory_field: { tasks: [{ duration: '01:00', ibutg: '29,8' }] },
      result: { ...ONE_HOUR_243, ibutg: '29,8' },
      risk_classification: { condition: 'Acima do limite de exposição' },
    },
  },
  {
    // 0.7 × 20 + 0.3 × 30 = 23.0; limit 56.7 − 11.5 × log10(178) = 56.7 − 25.88 = 30.82 → 30,8;
    // action 59.9 − 14.1 × 2.2504 = 28.17 → 28,2; 23.0 < 28.2 → acceptable.
    name: 'one hour at 23,0 °C and 178 W is acceptable',
    blocks: { memory_field: { tasks: [{ task: 'Forja', initial: '10:00', final: '11:00', metabolism: '178', tbn: '20', tg: '30' }] } },
    expected: {
      result: { metabolism: '178', ibutg: '23,0', action_level: '28,2', max: '30,8', criterion: ACCLIMATIZED },
      risk_classification: { condition: 'Aceitável', consideration: 'Aceitável', recomendation: 'Manutenção da condição existente' },
    },
  },
  {
    // 0.7 × 26 + 0.3 × 35 = 18.2 + 10.5 = 28.7; limit 56.7 − 11.5 × log10(332) = 56.7 − 28.99 = 27.71 → 27,7;
    // action 59.9 − 14.1 × 2.5211 = 24.35 → 24,4; 28.7 ≥ 27.7 → above the limit.
    name: 'one hour at 28,7 °C and 332 W is above the limit',
    blocks: { memory_field: { tasks: [{ task: 'Forja', initial: '10:00', final: '11:00', metabolism: '332', tbn: '26', tg: '35' }] } },
    expected: {
      result: { metabolism: '332', ibutg: '28,7', action_level: '24,4', max: '27,7' },
      risk_classification: {
        condition: 'Acima do limite de exposição',
        consideration: 'Acima do limite de exposição',
        recomendation: 'Adoção imediata de medidas corretivas',
      },
    },
  },
  {
    // Outdoors with sun: 0.7 × 24 + 0.2 × 38 + 0.1 × 35 = 16.8 + 7.6 + 3.5 = 27.9; 26.3 ≤ 27.9 < 29.3 → above the action level.
    name: 'one hour in the sun at 27,9 °C and 243 W is above the action level',
    blocks: {
      memory_field: {
        tasks: [{ task: 'Pátio', initial: '10:00', final: '11:00', metabolism: '243', tbs: '35', tbn: '24', tg: '38', solar_load: 'Sim' }],
      },
    },
    expected: {
      memory_field: { tasks: [{ duration: '01:00', ibutg: '27,9' }] },
      result: { ...ONE_HOUR_243, ibutg: '27,9' },
      risk_classification: { condition: 'Acima do nível de ação', recomendation: 'Adoção de medidas preventivas' },
    },
  },
  {
    // tg not typed yet: the IBUTG is blank (not the stale 30,0), the task lacks a figure, so no result and no criterion.
    name: 'half-typed readings blank the IBUTG and give no figures',
    blocks: { memory_field: { tasks: [{ task: 'Forno', initial: '08:00', final: '09:00', metabolism: '243', tbn: '27', ibutg: '30,0' }] } },
    expected: {
      memory_field: { tasks: [{ duration: '01:00', ibutg: '' }] },
      result: { metabolism: '', ibutg: '', action_level: '', max: '', criterion: '' },
      risk_classification: { condition: '' },
    },
  },
];
