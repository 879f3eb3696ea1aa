/**
 * Resultado of a heat sample: each task's IBUTG (with or without solar
 * load) and duration from the field memory, then the weighted IBUTG and
 * metabolic rate of the 60 minutes, the limit and the action level for that
 * rate and the condition, all computed on the device (heat-fill.ts) and
 * shown read-only with their criterion. The clothing increment of NHO 06 is
 * chosen here. A change of the field memory reaches the block when the tab
 * is shown.
 */
import { useEffect } from 'react';
import { Alert, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { normaliseHeatBlock, type HeatResult } from '@sync/contract/samples/heat';
import { formatHHmm, minutesBetween, parseDurationHHmm } from '@/domain/dates';
import { CLOTHING_ADJUSTMENTS, type Clothing } from '@/domain/heat';
import { formatDecimal } from '@/domain/decimal';
import { ComputedField, FieldGrid, OptionField } from '../type-fields/field-inputs';
import { CalibrationNotices } from '../type-fields/calibration-notices';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { HeatConditionBadge } from './heat-condition-badge';
import { assessRows, fillHeatResult, heatCriterionText, heatWindowText, taskIbutg } from '@sync/contract/samples/heat-figures';
import { HEAT_TEXTS } from './heat-texts';

const T = HEAT_TEXTS.result;

const CLOTHING_OPTIONS = (Object.entries(CLOTHING_ADJUSTMENTS) as Array<[Clothing, { label: string; increment: number }]>).map(([value, item]) => ({
  value,
  label: item.increment ? `${item.label} (+${formatDecimal(item.increment, 1, { trimZeros: true })} °C)` : item.label,
}));

export function HeatResultTab({ sample, value, onChange }: TypeTabProps<HeatResult>) {
  const memory = normaliseHeatBlock('memory_field', sample.memory_field);
  const assessment = assessRows(memory.tasks, value.clothing);
  const filled = fillHeatResult(value, assessment);
  const changed = JSON.stringify(filled) !== JSON.stringify(value);

  // The tasks changed in Memória de campo since the block was written: bring it up to date.
  useEffect(() => {
    if (changed) onChange(filled);
  });

  const criterion = assessment ? heatCriterionText(assessment) : '';
  return (
    <Stack gap="lg">
      <CalibrationNotices memory={sample.memory_field} />
      <Card withBorder padding="md">
        <Title order={4} mb="sm">
          {T.tasks}
        </Title>
        <Table.ScrollContainer minWidth={0}>
          <Table data-testid="heat-task-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.task}</Table.Th>
                <Table.Th>{T.minutes}</Table.Th>
                <Table.Th>{T.ibutg}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {memory.tasks.map((task, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: task rows have no identity of their own
                <Table.Tr key={index}>
                  <Table.Td>{task.task || HEAT_TEXTS.memory.taskTitle(index)}</Table.Td>
                  <Table.Td>{task.duration || formatHHmm(parseDurationHHmm(task.duration) ?? minutesBetween(task.initial, task.final))}</Table.Td>
                  <Table.Td data-testid={`heat-task-ibutg-${index}`}>
                    {task.ibutg || taskIbutg(task)}
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({task.solar_load === 'Sim' ? T.solar : T.noSolar})
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <OptionField
        label={T.clothing}
        value={value.clothing}
        onChange={(clothing) =>
          onChange(fillHeatResult({ ...value, clothing: clothing as Clothing }, assessRows(memory.tasks, clothing as Clothing)))
        }
        options={CLOTHING_OPTIONS}
        clearable={false}
      />
      {assessment ? null : (
        <Alert color="gray" variant="light" role="status">
          {T.missing}
        </Alert>
      )}
      {assessment && !assessment.coversSixtyMinutes ? (
        <Alert color="yellow" variant="light" role="status" data-testid="heat-not-sixty">
          {T.notSixty(formatHHmm(assessment.minutes))}
        </Alert>
      ) : null}
      <FieldGrid>
        <ComputedField label={T.metabolism} value={filled.metabolism} criterion={T.weighted} testId="heat-metabolism" />
        <ComputedField field="result.ibutg" label={T.weightedIbutg} value={filled.ibutg} criterion={T.weightedWithClothing} testId="heat-ibutg" />
        <ComputedField label={T.actionLevel} value={filled.action_level} criterion="59,9 − 14,1 log10(M)" testId="heat-action-level" />
        <ComputedField label={T.max} value={filled.max} criterion="56,7 − 11,5 log10(M)" testId="heat-max" />
      </FieldGrid>
      {assessment ? (
        <Text size="sm" data-testid="heat-window">
          {heatWindowText(assessment, memory.tasks)}
        </Text>
      ) : null}
      {criterion ? (
        <Text size="xs" c="dimmed" data-testid="heat-criterion">
          {T.criterion}: {criterion}
        </Text>
      ) : null}
      <Group gap="sm" align="center">
        <Text fw={600}>{T.condition}:</Text>
        <HeatConditionBadge condition={assessment?.condition ?? ''} />
      </Group>
    </Stack>
  );
}
