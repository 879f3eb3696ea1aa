/**
 * Resultado of a noise sample: the blocks NHO 01 and NR 15, computed as the
 * technician types (noise-result-fill.ts) with the thresholds of the
 * settings on the device. A figure computed from the measured dose or level
 * is read-only and shows its criterion (norm, edition, q, criterion level,
 * threshold, times); the conclusion shows its colour and the settings level
 * it came from. Changes of the field memory or of the settings reach the
 * block when the tab is shown.
 */
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { normaliseNoiseBlock, type NoiseResult, type NoiseResultNorm } from '@sync/contract/samples/noise';
import { defaultResultThresholds, type NoiseLevels } from '@/domain/result-thresholds';
import { ComputedField, DecimalField, FieldGrid, TextField } from '../type-fields/field-inputs';
import { CalibrationNotices } from '../type-fields/calibration-notices';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { useNoiseThresholds } from '../type-fields/use-result-thresholds';
import { levelRangeText } from './noise-level-text';
import {
  AVERAGE_FIELD,
  fillNoiseResult,
  NOISE_NORM_KEYS,
  timesText,
  type FilledNoiseNorm,
  type NoiseNormKey,
} from '@sync/contract/samples/noise-figures';
import { NOISE_TEXTS } from './noise-texts';

const T = NOISE_TEXTS.result;

export function NoiseResultTab({ sample, value, onChange }: TypeTabProps<NoiseResult>) {
  const loaded = useNoiseThresholds();
  const thresholds = useMemo(() => loaded ?? defaultResultThresholds().noise, [loaded]);
  const memory = normaliseNoiseBlock('memory_field', sample.memory_field);
  const filled = fillNoiseResult(value, memory, thresholds);
  const changed = JSON.stringify(filled.result) !== JSON.stringify(value);

  // The field memory or the settings changed since the block was written: bring it up to date.
  useEffect(() => {
    if (loaded && changed) onChange(filled.result);
  });

  const edit = (norm: NoiseNormKey, field: keyof NoiseResultNorm, text: string) => {
    const next = { ...value, [norm]: { ...value[norm], [field]: text } };
    onChange(fillNoiseResult(next, memory, thresholds).result);
  };
  // One stable callback for the memoised cards, always running the latest `edit` (the latest value).
  const latestEdit = useRef(edit);
  latestEdit.current = edit;
  const onEdit = useCallback((norm: NoiseNormKey, field: keyof NoiseResultNorm, text: string) => latestEdit.current(norm, field, text), []);

  return (
    <Stack gap="lg">
      <CalibrationNotices memory={sample.memory_field} />
      {NOISE_NORM_KEYS.map((norm) => (
        <NormCard key={norm} norm={norm} filled={filled.norms[norm]} times={timesText(filled.times)} levels={thresholds[norm]} onEdit={onEdit} />
      ))}
    </Stack>
  );
}

type NormCardProps = {
  norm: NoiseNormKey;
  filled: FilledNoiseNorm;
  times: string;
  levels: NoiseLevels;
  onEdit: (norm: NoiseNormKey, field: keyof NoiseResultNorm, text: string) => void;
};

/** A card renders again only when its own figures, times or levels changed: typing in one block leaves the other alone. */
const NormCard = memo(
  NormCardView,
  (previous, next) =>
    previous.norm === next.norm &&
    previous.times === next.times &&
    previous.levels === next.levels &&
    previous.onEdit === next.onEdit &&
    JSON.stringify(previous.filled) === JSON.stringify(next.filled),
);

function NormCardView({ norm, filled, times, levels, onEdit: editNorm }: NormCardProps) {
  const onEdit = (field: keyof NoiseResultNorm, text: string) => editNorm(norm, field, text);
  const levelText = (key: NonNullable<FilledNoiseNorm['level']>) => T.levelOf(T.blocks[norm], levelRangeText(levels, key, 'result'));
  const block = filled.block;
  const average = AVERAGE_FIELD[norm];
  const other = average === 'leq' ? 'lavg' : 'leq';
  const how = filled.source === 'dose' ? T.fromDose : T.fromLevel;
  const criterion = [filled.criterionText, how, times].filter(Boolean).join('; ');
  // Each computed field names its norm and q; the whole criterion is written once under the block's title.
  const short = `${T.computedBy} ${filled.block.method || T.blocks[norm]}, q = ${norm === 'nho' ? 3 : 5}`;
  const computed = (field: 'dose8' | 'nen' | 'twa' | 'lavg' | 'leq', label: string) =>
    filled.source !== null && (field !== average || filled.source === 'dose') ? (
      <ComputedField field={`result.${norm}.${field}`} label={label} value={block[field]} criterion={short} testId={`${norm}-${field}`} />
    ) : (
      <DecimalField
        field={`result.${norm}.${field}`}
        label={label}
        value={block[field]}
        onChange={(text) => onEdit(field, text)}
        description={T.typedByHand}
      />
    );
  return (
    <Card withBorder padding="md" data-testid={`noise-result-${norm}`}>
      <Title order={4}>{T.blocks[norm]}</Title>
      <Text size="xs" c="dimmed" mb="sm" data-testid={`${norm}-criterion`}>
        {T.criterion}: {filled.source === null ? `${filled.criterionText}; ${T.typedByHand.toLowerCase()}` : criterion}
      </Text>
      <FieldGrid>
        <TextField field={`result.${norm}.code`} label={T.code} value={block.code} onChange={(text) => onEdit('code', text)} />
        <TextField field={`result.${norm}.agent`} label={T.agent} value={block.agent} onChange={(text) => onEdit('agent', text)} />
        <TextField field={`result.${norm}.method`} label={T.method} value={block.method} onChange={(text) => onEdit('method', text)} />
        <DecimalField field={`result.${norm}.result`} label={T.result} value={block.result} onChange={(text) => onEdit('result', text)} />
        {computed(average, T[average])}
        <DecimalField field={`result.${norm}.${other}`} label={T[other]} value={block[other]} onChange={(text) => onEdit(other, text)} />
        {computed('twa', T.twa)}
        {computed('nen', T.nen)}
        {computed('dose8', T.dose8)}
      </FieldGrid>
      <Group mt="md" gap="sm" wrap="wrap" align="center">
        <Text fw={600}>{T.conclusion}:</Text>
        <Badge
          size="xl"
          radius="sm"
          autoContrast
          color={block.bgColor}
          data-testid={`${norm}-conclusion`}
          data-color={block.bgColor}
          styles={{ label: { textTransform: 'none', whiteSpace: 'normal' } }}
          h="auto"
          py={8}
        >
          {block.conclusion || '—'}
        </Badge>
        <Text size="xs" c="dimmed" data-testid={`${norm}-conclusion-criterion`}>
          {filled.level ? levelText(filled.level) : T.noLevel}
        </Text>
      </Group>
    </Card>
  );
}
