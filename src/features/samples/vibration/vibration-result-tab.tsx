/**
 * Resultado of a vibration sample: the rows {norma, criterion, result,
 * limit} of its type (whole body: AREN and VDVR, NHO 09; hands and arms:
 * AREN, NHO 10), each result computed on the device from the field memory's
 * measurements (vibration-figures.ts, the server's derivation too) with the
 * basis it was computed by and the colour of its band, under the components
 * it combined. A result may be typed over on purpose ('Digitado pelo
 * técnico'); cleared, the calculation comes back. A change of the field
 * memory reaches the block when the tab is shown.
 */
import { useEffect } from 'react';
import { Alert, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { normaliseVibrationBlock, type VibrationMemory, type VibrationResult, type VibrationResultRow } from '@sync/contract/samples/vibration';
import { editResult, fillVibrationMemory, fillVibrationResult } from '@sync/contract/samples/vibration-figures';
import { isBlankMeasurement, loneTimes } from '@sync/contract/samples/vibration-rows';
import { formatHHmm } from '@/domain/dates';
import { vibrationKind } from '@/domain/vibration';
import { CalibrationNotices } from '../type-fields/calibration-notices';
import { DecimalField, FieldGrid, TextField } from '../type-fields/field-inputs';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { VIBRATION_TEXTS } from './vibration-texts';

const T = VIBRATION_TEXTS.result;

export function VibrationResultTab({ sample, value, onChange, readOnly = false }: TypeTabProps<VibrationResult>) {
  const memory = fillVibrationMemory(normaliseVibrationBlock('memory_field', sample.memory_field));
  const filled = fillVibrationResult(value, memory);

  // The measurements changed in Memória de campo since the block was written: bring it up to date.
  useEffect(() => {
    if (!readOnly && filled !== value) onChange(filled);
  });

  const typedSomething = filled.rows.some((row) => row.result.trim() !== '');
  return (
    <Stack gap="lg">
      <CalibrationNotices memory={sample.memory_field} />
      {vibrationKind(memory.vibration_type) === null ? (
        <Alert color="yellow" variant="light" role="status" data-testid="vibration-no-type">
          {T.noType}
        </Alert>
      ) : null}
      <Components memory={memory} />
      {typedSomething ? null : (
        <Alert color="gray" variant="light" role="status">
          {T.missing}
        </Alert>
      )}
      {filled.rows.map((row, index) => (
        <ResultCard key={row.row_id || index} row={row} index={index} onEdit={(text) => onChange(editResult(filled, row.row_id, text, memory))} />
      ))}
    </Stack>
  );
}

function ResultCard({ row, index, onEdit }: { row: VibrationResultRow; index: number; onEdit: (text: string) => void }) {
  const typed = row.typed.includes('result');
  return (
    <Card withBorder padding="md" data-testid={`vibration-result-${row.row_id}`}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={4}>{row.criterion}</Title>
        {row.bgColor ? (
          <Badge
            color={row.bgColor}
            size="lg"
            radius="sm"
            w={48}
            data-testid={`vibration-result-${row.row_id}-color`}
            data-color={row.bgColor}
            aria-hidden
          />
        ) : null}
      </Group>
      <FieldGrid>
        <TextField label={T.norma} value={row.norma} onChange={() => {}} readOnly />
        <TextField label={T.criterion} value={row.criterion} onChange={() => {}} readOnly />
        <DecimalField
          field={`result.rows.${index}.result`}
          label={T.result}
          value={row.result}
          onChange={onEdit}
          description={typed ? T.typedByHand : undefined}
        />
        <TextField label={T.limit} value={row.limit} onChange={() => {}} readOnly />
      </FieldGrid>
      {row.basis ? (
        <Text size="xs" c="dimmed" mt="sm" data-testid={`vibration-basis-${row.row_id}`}>
          {T.basis}: {row.basis}
        </Text>
      ) : null}
    </Card>
  );
}

/** The components the figures combine, as the field memory gives them. */
function Components({ memory }: { memory: VibrationMemory }) {
  const rows = memory.measurements.filter((row) => !isBlankMeasurement(row));
  if (rows.length === 0) return null;
  const lone = loneTimes(memory);
  const wholeBody = vibrationKind(memory.vibration_type) === 'whole-body';
  return (
    <Card withBorder padding="md">
      <Title order={4} mb="sm">
        {T.components}
      </Title>
      <Table.ScrollContainer minWidth={0}>
        <Table data-testid="vibration-components">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.component}</Table.Th>
              <Table.Th>{T.exposure}</Table.Th>
              <Table.Th>{T.arep}</Table.Th>
              {wholeBody ? <Table.Th>{T.vdvExp}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.row_id || index}>
                <Table.Td>{row.name || VIBRATION_TEXTS.memory.measurementTitle(index)}</Table.Td>
                <Table.Td>{row.exposure_time || formatHHmm(lone?.exposure)}</Table.Td>
                <Table.Td>{row.arep}</Table.Td>
                {wholeBody ? <Table.Td>{row.vdv_exp}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
