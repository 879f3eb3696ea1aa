/**
 * Classificação de risco of a noise sample: for NHO 01 and NR 15, typing the
 * daily dose picks the settings level whose daily-dose range contains it
 * (min inclusive, max exclusive) and fills the consideration, the
 * recommended action and the colour (spec samples.md section 4); an empty,
 * non-numeric or zero dose clears the three. They stay editable (the spec's
 * options), and the shared recommendation closes the tab. The daily dose is
 * proposed from Resultado's Dose 8h by the derivation (noise-derive.ts,
 * also run by the server), which applies the same rule (typeDailyDose).
 */
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { NoiseClassification, NoiseClassificationNorm } from '@sync/contract/samples/noise';
import { noiseClassification } from '@/domain/noise-levels';
import { CONSIDERATIONS, defaultResultThresholds, RECOMMENDATIONS } from '@/domain/result-thresholds';
import { DecimalField, FieldGrid, NoteField, OptionField, TextField } from '../type-fields/field-inputs';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { useNoiseThresholds } from '../type-fields/use-result-thresholds';
import { levelRangeText } from './noise-level-text';
import { NOISE_NORM_KEYS, type NoiseNormKey } from '@sync/contract/samples/noise-figures';
import { typeDailyDose } from '@sync/contract/samples/noise-derive';
import { NOISE_TEXTS } from './noise-texts';

const T = NOISE_TEXTS.classification;

export function NoiseClassificationTab({ value, onChange }: TypeTabProps<NoiseClassification>) {
  const thresholds = useNoiseThresholds() ?? defaultResultThresholds().noise;

  const setNorm = (norm: NoiseNormKey, patch: Partial<NoiseClassificationNorm>) => onChange({ ...value, [norm]: { ...value[norm], ...patch } });
  const setDose = (norm: NoiseNormKey, dose_daily: string) =>
    onChange({ ...value, [norm]: typeDailyDose(value[norm], dose_daily, thresholds[norm]) });

  return (
    <Stack gap="lg">
      {NOISE_NORM_KEYS.map((norm) => {
        const block = value[norm];
        const match = noiseClassification(block.dose_daily, thresholds[norm]);
        return (
          <Card key={norm} withBorder padding="md" data-testid={`noise-classification-${norm}`}>
            <Group justify="space-between" mb="sm" wrap="wrap">
              <Title order={4}>{T.blocks[norm]}</Title>
              {block.bgColor ? (
                <Badge
                  color={block.bgColor}
                  size="lg"
                  radius="sm"
                  w={48}
                  data-testid={`${norm}-classification-color`}
                  data-color={block.bgColor}
                  aria-hidden
                />
              ) : null}
            </Group>
            <FieldGrid>
              <DecimalField
                field={`risk_classification.${norm}.dose_daily`}
                label={T.doseDaily}
                value={block.dose_daily}
                onChange={(text) => setDose(norm, text)}
                description={
                  <Text span size="xs" c="dimmed" data-testid={`${norm}-classification-criterion`}>
                    {match.level ? T.levelOf(T.blocks[norm], levelRangeText(thresholds[norm], match.level, 'daily')) : T.noLevel}
                  </Text>
                }
              />
              <OptionField
                label={T.consideration}
                value={block.consideration}
                onChange={(consideration) => setNorm(norm, { consideration })}
                options={CONSIDERATIONS}
              />
              <OptionField
                label={T.recommendedAction}
                value={block.recommended_action}
                onChange={(recommended_action) => setNorm(norm, { recommended_action })}
                options={RECOMMENDATIONS}
              />
              <TextField label={T.leo} value={block.leo} onChange={(leo) => setNorm(norm, { leo })} />
            </FieldGrid>
          </Card>
        );
      })}
      <NoteField label={T.recomendation} value={value.recomendation} onChange={(recomendation) => onChange({ ...value, recomendation })} />
    </Stack>
  );
}
