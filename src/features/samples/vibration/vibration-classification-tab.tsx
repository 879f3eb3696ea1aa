/**
 * Classificação de risco of a vibration sample: AREN and (whole body) VDVR
 * as Resultado shows them, each with its band and colour, the bands of the
 * type's scales (spec section 9), and the consideration, recommendation and
 * exposure recommendation proposed from the worse band (whole body takes
 * the worse of AREN and VDVR). A proposal the technician chooses otherwise
 * stays theirs (vibration-figures.ts chooseClassification); cleared, the
 * proposal comes back.
 */
import { useEffect } from 'react';
import { Badge, Card, ColorSwatch, Group, Stack, Table, Text, Title } from '@mantine/core';
import { normaliseVibrationBlock, type VibrationChoice, type VibrationClassification } from '@sync/contract/samples/vibration';
import {
  bandRange,
  chooseClassification,
  fillVibrationClassification,
  fillVibrationMemory,
  fillVibrationResult,
  VIBRATION_SCALES,
} from '@sync/contract/samples/vibration-figures';
import { kindOf } from '@sync/contract/samples/vibration-rows';
import { BAND_COLORS, CONSIDERATIONS, RECOMMENDATIONS } from '@/domain/result-thresholds';
import type { VibrationBand } from '@/domain/vibration';
import { NoteField, OptionField } from '../type-fields/field-inputs';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { VIBRATION_TEXTS } from './vibration-texts';

const T = VIBRATION_TEXTS.classification;
const BANDS: readonly VibrationBand[] = [1, 2, 3, 4];

export function VibrationClassificationTab({ sample, value, onChange, readOnly = false }: TypeTabProps<VibrationClassification>) {
  const memory = fillVibrationMemory(normaliseVibrationBlock('memory_field', sample.memory_field));
  const result = fillVibrationResult(normaliseVibrationBlock('result', sample.result), memory);
  const filled = fillVibrationClassification(value, result, memory);

  useEffect(() => {
    if (!readOnly && filled !== value) onChange(filled);
  });

  const kind = kindOf(memory);
  const wholeBody = kind === 'whole-body';
  const choose = (key: VibrationChoice) => (text: string) => onChange(chooseClassification(filled, key, text, result, memory));
  const how = (key: VibrationChoice) => (
    <Text size="xs" c="dimmed" mt={-6}>
      {filled.typed.includes(key) ? T.chosen : T.proposed}
    </Text>
  );
  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Figure label={T.aren} value={filled.aren} band={filled.aren_band} color={filled.aren_color} testId="vibration-aren" />
          {wholeBody ? <Figure label={T.vdvr} value={filled.vdvr} band={filled.vdvr_band} color={filled.vdvr_color} testId="vibration-vdvr" /> : null}
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Title order={5} mb="xs">
          {T.bands}
        </Title>
        <Table.ScrollContainer minWidth={0}>
          <Table data-testid="vibration-bands">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.band}</Table.Th>
                <Table.Th>{T.aren}</Table.Th>
                {wholeBody ? <Table.Th>{T.vdvr}</Table.Th> : null}
                <Table.Th>{T.consideration}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {BANDS.map((band) => (
                <Table.Tr key={band}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <ColorSwatch color={BAND_COLORS[band - 1]!} size={16} />
                      {band}
                    </Group>
                  </Table.Td>
                  <Table.Td>{bandRange(band, VIBRATION_SCALES[kind].aren)}</Table.Td>
                  {wholeBody ? <Table.Td>{bandRange(band, 'vdvr')}</Table.Td> : null}
                  <Table.Td>{CONSIDERATIONS[band - 1]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {/* One per line: the recommendations are long and must show whole at 768 px. */}
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <div style={{ flex: 1, minWidth: 0 }}>
            <OptionField
              field="risk_classification.consideration"
              label={T.consideration}
              value={filled.consideration}
              onChange={choose('consideration')}
              options={CONSIDERATIONS}
            />
          </div>
          {filled.bgColor ? (
            <Badge
              color={filled.bgColor}
              size="xl"
              radius="sm"
              w={44}
              h={44}
              data-testid="vibration-consideration-color"
              data-color={filled.bgColor}
              aria-hidden
            />
          ) : null}
        </Group>
        {how('consideration')}
      </Stack>
      <Stack gap={4}>
        <OptionField label={T.recomendation} value={filled.recomendation} onChange={choose('recomendation')} options={RECOMMENDATIONS} />
        {how('recomendation')}
      </Stack>
      <Stack gap={4}>
        <NoteField label={T.expositionRecomendation} value={filled.exposition_recomendation} onChange={choose('exposition_recomendation')} />
        {how('exposition_recomendation')}
      </Stack>
    </Stack>
  );
}

function Figure({ label, value, band, color, testId }: { label: string; value: string; band: string; color: string; testId: string }) {
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <Text fw={600}>
        {label}: {value || '—'}
      </Text>
      <Badge
        size="xl"
        radius="sm"
        autoContrast
        color={color || 'gray'}
        data-testid={testId}
        data-color={color}
        h="auto"
        py={8}
        styles={{ label: { textTransform: 'none', whiteSpace: 'normal' } }}
      >
        {band || T.noFigure}
      </Badge>
    </Group>
  );
}
