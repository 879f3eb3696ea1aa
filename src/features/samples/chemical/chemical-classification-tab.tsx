/**
 * Classificação de risco of a chemical sample: one item per result row,
 * computed from it (chemical-rows.ts `followResultRows`): the agent, the
 * risk index (the settings' risk1..risk4 by their names, or below the LQ),
 * LEO as a percentage (two decimals unless whole) and the re-evaluation
 * frequency of that risk; read-only, with the criterion and the reminder
 * that one sample only indicates a band (calculations.md section 2). An
 * item kept from a legacy single-record classification says so. The
 * recommendation is the technician's.
 */
import { useEffect, useMemo } from 'react';
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ChemicalClassification, normaliseChemicalBlock } from '@sync/contract/samples/chemical';
import { fillChemicalResult } from '@sync/contract/samples/chemical-derive';
import { RISK_LEVEL_LABELS } from '@sync/contract/samples/chemical-figures';
import { followResultRows } from '@sync/contract/samples/chemical-rows';
import type { ChemicalRiskLevel } from '@/domain/chemical-risk';
import { type ChemicalThresholds, defaultResultThresholds, NO_DATA_COLOR } from '@/domain/result-thresholds';
import { NoteField } from '../type-fields/field-inputs';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { useChemicalThresholds } from '../type-fields/use-result-thresholds';
import { CHEMICAL_TEXTS } from './chemical-texts';

const T = CHEMICAL_TEXTS.classification;

/** The colour of a risk index, as the settings give it (the LQ's for 'lq'; grey without a level). */
function indexColor(index: string, thresholds: ChemicalThresholds): string {
  if (index === 'lq') return thresholds.lq.color;
  const risk = thresholds.risks[index as keyof ChemicalThresholds['risks']];
  return risk?.color ?? NO_DATA_COLOR;
}

export function ChemicalClassificationTab({ sample, value, onChange }: TypeTabProps<ChemicalClassification>) {
  const loaded = useChemicalThresholds();
  const thresholds = useMemo(() => loaded ?? defaultResultThresholds().chemical, [loaded]);
  const result = fillChemicalResult(normaliseChemicalBlock('result', sample.result), sample.memory_field, thresholds);
  const filled: ChemicalClassification = { ...value, classifications: followResultRows(value.classifications, result.agents, thresholds) };
  const changed = JSON.stringify(filled) !== JSON.stringify(value);

  // The result or the settings changed since the block was written: bring it up to date.
  useEffect(() => {
    if (loaded && changed) onChange(filled);
  });

  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" data-testid="chemical-single-sample-note">
        {T.note}
      </Alert>
      <Stack gap="sm" role="list" aria-label={T.items}>
        {filled.classifications.map((item, index) => {
          const color = indexColor(item.index, thresholds);
          const legacy = item.agent_row_id === '' && item.index !== '---';
          return (
            <Card key={item.row_id || index} withBorder padding="sm" role="listitem" data-testid={`chemical-classification-${index}`}>
              <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
                <Text fw={600}>{item.agent_chemical || T.empty}</Text>
                <Badge size="lg" radius="sm" autoContrast color={color} data-color={color} styles={{ label: { textTransform: 'none' } }}>
                  {RISK_LEVEL_LABELS[item.index as ChemicalRiskLevel] ?? item.index}
                </Badge>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                <Labelled label={T.index} value={RISK_LEVEL_LABELS[item.index as ChemicalRiskLevel] ?? item.index} />
                <Labelled label={T.leo} value={item.leo ? `${item.leo} %` : T.empty} testId={`chemical-classification-${index}-leo`} />
                <Labelled label={T.frequency} value={item.frequency || T.empty} />
              </SimpleGrid>
              {legacy ? (
                <Text size="xs" c="dimmed" mt="xs">
                  {T.legacy}
                </Text>
              ) : null}
            </Card>
          );
        })}
      </Stack>
      <Text size="xs" c="dimmed">
        {T.criterion}
      </Text>
      <NoteField
        field="risk_classification.recommendation"
        label={T.recommendation}
        value={filled.recommendation}
        onChange={(recommendation) => onChange({ ...filled, recommendation })}
      />
    </Stack>
  );
}

function Labelled({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
