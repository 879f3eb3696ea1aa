/** The condition of a heat assessment with its colour (the settings' band colours: green, yellow, red). */
import { Badge } from '@mantine/core';
import { BAND_COLORS, NO_DATA_COLOR } from '@/domain/result-thresholds';

const COLORS: Record<string, string> = {
  Aceitável: BAND_COLORS[0],
  'Acima do nível de ação': BAND_COLORS[1],
  'Acima do limite de exposição': BAND_COLORS[3],
};

export function conditionColor(condition: string): string {
  return COLORS[condition] ?? NO_DATA_COLOR;
}

export function HeatConditionBadge({ condition }: { condition: string }) {
  const color = conditionColor(condition);
  return (
    <Badge
      size="xl"
      radius="sm"
      autoContrast
      color={color}
      data-testid="heat-condition"
      data-color={color}
      h="auto"
      py={8}
      styles={{ label: { textTransform: 'none', whiteSpace: 'normal' } }}
    >
      {condition || '—'}
    </Badge>
  );
}
