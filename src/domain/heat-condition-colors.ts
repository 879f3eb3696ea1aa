/**
 * The colour of a heat assessment's condition (heat.ts heatCondition), as the
 * sample's screens and report show it: the band colours of Settings >
 * Resultados (green, yellow, red; result-thresholds.ts), the no-data grey for
 * an empty or unknown condition. One map, read by the condition badge
 * (src/features/samples/heat) and by the sample PDF (src/pdf/sample).
 */
import type { HeatCondition } from './heat';
import { BAND_COLORS, NO_DATA_COLOR } from './result-thresholds';

export const HEAT_CONDITION_COLORS: Readonly<Record<HeatCondition, string>> = {
  Aceitável: BAND_COLORS[0],
  'Acima do nível de ação': BAND_COLORS[1],
  'Acima do limite de exposição': BAND_COLORS[3],
};

/** The condition's colour; the no-data grey for '' or a text that is not a condition. */
export function heatConditionColor(condition: string): string {
  return (HEAT_CONDITION_COLORS as Readonly<Record<string, string>>)[condition] ?? NO_DATA_COLOR;
}
