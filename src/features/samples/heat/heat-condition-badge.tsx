/** The condition of a heat assessment with its colour (src/domain/heat-condition-colors.ts, the report's too). */
import { Badge } from '@mantine/core';
import { heatConditionColor } from '@/domain/heat-condition-colors';

export function HeatConditionBadge({ condition }: { condition: string }) {
  const color = heatConditionColor(condition);
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
