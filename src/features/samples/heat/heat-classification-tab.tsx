/**
 * Classificação de risco of a heat sample: the condition from the
 * assessment of the field memory's tasks (the result's clothing included),
 * with the figures it compares; the consideration and the recommendation
 * are proposed from it and stay the technician's to change.
 */
import { useEffect } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { normaliseHeatBlock, type HeatClassification } from '@sync/contract/samples/heat';
import { formatDecimal } from '@/domain/decimal';
import { CONSIDERATIONS, RECOMMENDATIONS } from '@/domain/result-thresholds';
import { FieldGrid, NoteField, OptionField } from '../type-fields/field-inputs';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { HeatConditionBadge } from './heat-condition-badge';
import { assessRows, fillHeatClassification, heatCriterionText } from '@sync/contract/samples/heat-figures';
import { HEAT_TEXTS } from './heat-texts';

const T = HEAT_TEXTS.classification;

export function HeatClassificationTab({ sample, value, onChange }: TypeTabProps<HeatClassification>) {
  const memory = normaliseHeatBlock('memory_field', sample.memory_field);
  const result = normaliseHeatBlock('result', sample.result);
  const assessment = assessRows(memory.tasks, result.clothing);
  const filled = fillHeatClassification(value, assessment);

  useEffect(() => {
    if (filled !== value) onChange(filled);
  });

  return (
    <Stack gap="md">
      <Group gap="sm" align="center" wrap="wrap">
        <Text fw={600}>{T.condition}:</Text>
        <HeatConditionBadge condition={filled.condition} />
      </Group>
      {assessment ? (
        <Text size="sm" c="dimmed" data-testid="heat-classification-criterion">
          {T.figures(formatDecimal(assessment.ibutg, 1), formatDecimal(assessment.action_level, 1), formatDecimal(assessment.max, 1))} —{' '}
          {heatCriterionText(assessment)}
        </Text>
      ) : null}
      <FieldGrid>
        <OptionField
          label={T.consideration}
          value={filled.consideration}
          onChange={(consideration) => onChange({ ...filled, consideration })}
          options={CONSIDERATIONS}
        />
        <OptionField
          label={T.recomendation}
          value={filled.recomendation}
          onChange={(recomendation) => onChange({ ...filled, recomendation })}
          options={RECOMMENDATIONS}
        />
      </FieldGrid>
      <NoteField
        label={T.expositionRecomendation}
        value={filled.exposition_recomendation}
        onChange={(exposition_recomendation) => onChange({ ...filled, exposition_recomendation })}
      />
    </Stack>
  );
}
