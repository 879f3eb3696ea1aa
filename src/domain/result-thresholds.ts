/**
 * Result thresholds: the settings that turn a measured figure into a
 * conclusion and a colour (spec samples.md sections 3 and 9; defaults from
 * shared/domain/calculations.md). Seeded by the server as settings with the
 * `result` prefix (`result_chemical`, `result_noise`, JSON values) and
 * editable in Settings > Resultados. Numbers are fractions of the limit for
 * chemical risks and % of the daily dose for noise.
 */

export const NO_DATA_COLOR = '#cfcfc4';
export const LQ_DEFAULT_CONCLUSION = 'Abaixo do limite de quantificação';
export const LQ_DEFAULT_COLOR = '#e0e0e0';

export type ChemicalRisk = {
  min: number | null;
  max: number | null;
  conclusion: string;
  color: string;
};

export type OptionItem = { name: string };

export type ChemicalThresholds = {
  risks: { risk1: ChemicalRisk; risk2: ChemicalRisk; risk3: ChemicalRisk; risk4: ChemicalRisk };
  lq: { conclusion: string; color: string };
  options: {
    action_in_body: OptionItem[];
    notion_skin: OptionItem[];
    dispersal: OptionItem[];
    ipvs: OptionItem[];
    odor_limit: OptionItem[];
    respirator: OptionItem[];
  };
};

export type NoiseLevel = {
  dailyDoseMin: number | null;
  dailyDoseMax: number | null;
  min: number | null;
  max: number | null;
  technicalConsiderations: string;
  recommendedAction: string;
  bgColor: string;
};

export type NoiseLevels = { level1: NoiseLevel; level2: NoiseLevel; level3: NoiseLevel; level4: NoiseLevel };

export type NoiseThresholds = { nho: NoiseLevels; nr15: NoiseLevels };

export type ResultThresholds = { chemical: ChemicalThresholds; noise: NoiseThresholds };

export const CONSIDERATIONS = ['Aceitável', 'Acima do nível de ação', 'Região de incerteza', 'Acima do limite de exposição'] as const;

export const RECOMMENDATIONS = [
  'Manutenção da condição existente',
  'Adoção de medidas preventivas',
  'Adoção de medidas preventivas e corretivas para redução da exposição',
  'Adoção imediata de medidas corretivas',
] as const;

export const BAND_COLORS = ['#4caf50', '#ffeb3b', '#ff9800', '#f44336'] as const;

function noiseLevels(): NoiseLevels {
  const bounds: Array<[number | null, number | null]> = [
    [null, 50],
    [50, 80],
    [80, 100],
    [100, null],
  ];
  const [l1, l2, l3, l4] = bounds.map(([min, max], i) => ({
    dailyDoseMin: min,
    dailyDoseMax: max,
    min,
    max,
    technicalConsiderations: CONSIDERATIONS[i]!,
    recommendedAction: RECOMMENDATIONS[i]!,
    bgColor: BAND_COLORS[i]!,
  }));
  return { level1: l1!, level2: l2!, level3: l3!, level4: l4! };
}

const names = (...items: string[]): OptionItem[] => items.map((name) => ({ name }));

export function defaultResultThresholds(): ResultThresholds {
  return {
    chemical: {
      risks: {
        risk1: { min: null, max: 0.1, conclusion: 'Risco baixo', color: BAND_COLORS[0] },
        risk2: { min: 0.1, max: 0.5, conclusion: 'Risco médio', color: BAND_COLORS[1] },
        risk3: { min: 0.5, max: 1.0, conclusion: 'Risco médio-alto', color: BAND_COLORS[2] },
        risk4: { min: 1.0, max: null, conclusion: 'Risco alto', color: BAND_COLORS[3] },
      },
      lq: { conclusion: LQ_DEFAULT_CONCLUSION, color: LQ_DEFAULT_COLOR },
      options: {
        action_in_body: names('Irritante', 'Asfixiante simples', 'Asfixiante químico', 'Anestésico', 'Sistêmico', 'Sensibilizante', 'Carcinogênico'),
        notion_skin: names('Sim', 'Não'),
        dispersal: names('Gás', 'Vapor', 'Poeira', 'Fumo', 'Névoa', 'Neblina', 'Fibra'),
        ipvs: names('Não estabelecido'),
        odor_limit: names('Não estabelecido'),
        respirator: names(
          'PFF1',
          'PFF2',
          'PFF3',
          'Peça semifacial com filtro químico',
          'Peça facial inteira com filtro combinado',
          'Respirador de adução de ar',
        ),
      },
    },
    noise: { nho: noiseLevels(), nr15: noiseLevels() },
  };
}
