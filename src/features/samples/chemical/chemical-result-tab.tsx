/**
 * Resultado of a chemical sample: one card per agent row of the field
 * memory, in its order (chemical-rows.ts keeps them in step; its code,
 * agent and method come from there, read-only). The technician types the
 * laboratory's result with its LQ and unit, the limits (TWA and the NR-15
 * LT) and the calculation base, and chooses the agent's texts from the
 * option lists of Settings > Resultados. Computed as typed, each with its
 * criterion: the NR-15 deviation factor (typed over when needed) and
 * maximum value, the risk level with its conclusion and colour (the
 * settings' chemical risks), the result in the other unit from the molar
 * mass (25 °C), and the TWA of an agent sampled in several periods. A change
 * of the field memory or of the settings reaches the block when the tab is
 * shown. Each row has the laboratory's report number ('Nº do laudo do
 * laboratório'). While the sample waits for the laboratory (issue 28,
 * `labOnly`) only the laboratory's fields (LAB_RESULT_FIELDS: LQ, result,
 * report number) are open; the rest shows disabled.
 */
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  AERODISPERSOID_SIZES,
  CALCULATION_BASES,
  CHEMICAL_LQ,
  CHEMICAL_UNITS,
  type ChemicalResult,
  type ChemicalResultRow,
  normaliseChemicalBlock,
} from '@sync/contract/samples/chemical';
import { LAB_RESULT_FIELDS } from '@sync/contract/samples/review';
import { fillChemicalResult, withPrefilledAgent } from '@sync/contract/samples/chemical-derive';
import { convertedResult, editResultRow, journeyTwas, RISK_LEVEL_LABELS, type JourneyTwa } from '@sync/contract/samples/chemical-figures';
import type { ChemicalRiskLevel } from '@/domain/chemical-risk';
import { type ChemicalThresholds, defaultResultThresholds } from '@/domain/result-thresholds';
import { CalibrationNotices } from '../type-fields/calibration-notices';
import { FieldGrid } from '../type-fields/field-inputs';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { useChemicalThresholds } from '../type-fields/use-result-thresholds';
import { CHEMICAL_TEXTS } from './chemical-texts';
import { StableComputedField, StableDecimalField, StableOptionField, StableTextField } from './stable-fields';

const T = CHEMICAL_TEXTS.result;

type Edit = (index: number, field: keyof ChemicalResultRow, text: string) => void;

export function ChemicalResultTab({ sample, value, onChange, labOnly = false }: TypeTabProps<ChemicalResult>) {
  const loaded = useChemicalThresholds();
  const thresholds = useMemo(() => loaded ?? defaultResultThresholds().chemical, [loaded]);
  const filled = fillChemicalResult(value, sample.memory_field, thresholds);
  const changed = JSON.stringify(filled) !== JSON.stringify(value);

  // The field memory or the settings changed since the block was written: bring it up to date.
  useEffect(() => {
    if (loaded && changed) onChange(filled);
  });

  const edit: Edit = (index, field, text) =>
    onChange({ ...filled, agents: filled.agents.map((row, at) => (at === index ? editResultRow(row, field, text, thresholds) : row)) });
  const latest = useRef(edit);
  latest.current = edit;
  const onEdit = useCallback<Edit>((index, field, text) => latest.current(index, field, text), []);

  const agents = normaliseChemicalBlock('memory_field', withPrefilledAgent(sample.memory_field)).agents;
  const journeys = journeyTwas(agents, filled.agents);
  return (
    <Stack gap="lg">
      <CalibrationNotices memory={sample.memory_field} />
      {filled.agents.map((row, index) => (
        <ResultCard key={row.row_id || index} row={row} index={index} thresholds={thresholds} onEdit={onEdit} locked={labOnly} />
      ))}
      {journeys.length > 0 ? <JourneyCard journeys={journeys} /> : null}
    </Stack>
  );
}

function JourneyCard({ journeys }: { journeys: JourneyTwa[] }) {
  return (
    <Card withBorder padding="md" data-testid="chemical-journey">
      <Title order={5} mb="xs">
        {T.journey}
      </Title>
      <Stack gap="xs">
        {journeys.map((journey) => (
          <div key={journey.agent}>
            <Text fw={600}>
              {journey.agent}: {T.journeyLine(journey.periods, journey.twa, journey.twa8h, journey.unit)}
            </Text>
            <Text size="xs" c="dimmed">
              {journey.criterion}
            </Text>
          </div>
        ))}
      </Stack>
    </Card>
  );
}

type CardProps = { row: ChemicalResultRow; index: number; thresholds: ChemicalThresholds; onEdit: Edit; locked: boolean };

/** A card renders again only when its own row or the settings changed: typing in one row leaves the others alone. */
const ResultCard = memo(
  ResultCardView,
  (previous, next) =>
    previous.index === next.index &&
    previous.thresholds === next.thresholds &&
    previous.onEdit === next.onEdit &&
    previous.locked === next.locked &&
    JSON.stringify(previous.row) === JSON.stringify(next.row),
);

const names = (items: ReadonlyArray<{ name: string }>) => items.map((item) => item.name);

/** Open while waiting for the laboratory. */
const LAB_FIELDS = new Set<string>(LAB_RESULT_FIELDS);

function ResultCardView({ row, index, thresholds, onEdit, locked }: CardProps) {
  const on = (field: keyof ChemicalResultRow) => (text: string) => onEdit(index, field, text);
  // Waiting for the laboratory: every field but the laboratory's is disabled.
  const lock = (field: keyof ChemicalResultRow) => (locked && !LAB_FIELDS.has(field) ? { disabled: true } : {});
  const at = (field: keyof ChemicalResultRow) => `result.agents.${index}.${field}`;
  const options = thresholds.options;
  const conversion = convertedResult(row);
  const level = RISK_LEVEL_LABELS[row.risk_level as ChemicalRiskLevel] ?? row.risk_level;
  return (
    <Card withBorder padding="md" data-testid={`chemical-result-${index}`}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={4}>{T.title(index, row.agent_chemical)}</Title>
        <Badge
          size="xl"
          radius="sm"
          autoContrast
          color={row.bg_color}
          data-testid={`chemical-result-${index}-conclusion`}
          data-color={row.bg_color}
          styles={{ label: { textTransform: 'none', whiteSpace: 'normal' } }}
          h="auto"
          py={8}
        >
          {row.conclusion || '—'}
        </Badge>
      </Group>
      <FieldGrid>
        <StableTextField label={T.code} value={row.code} onChange={() => {}} readOnly description={T.fromMemory} />
        <StableTextField label={T.agent} value={row.agent_chemical} onChange={() => {}} readOnly description={T.fromMemory} />
        <StableTextField label={T.method} value={row.method} onChange={() => {}} readOnly description={T.fromMemory} />
        <StableOptionField field={at('lq')} label={T.lq} value={row.lq} onChange={on('lq')} options={CHEMICAL_LQ} />
        <StableDecimalField field={at('result')} label={T.result} value={row.result} onChange={on('result')} />
        <StableTextField field={at('lab_report')} label={T.labReport} value={row.lab_report} onChange={on('lab_report')} />
        <StableOptionField field={at('unity')} {...lock('unity')} label={T.unity} value={row.unity} onChange={on('unity')} options={CHEMICAL_UNITS} />
        <StableDecimalField field={at('twa')} {...lock('twa')} label={T.twa} value={row.twa} onChange={on('twa')} />
        <StableDecimalField field={at('mp')} {...lock('mp')} label={T.mp} value={row.mp} onChange={on('mp')} />
        <StableOptionField
          field={at('calculation_base')}
          {...lock('calculation_base')}
          label={T.base}
          value={row.calculation_base}
          onChange={on('calculation_base')}
          options={CALCULATION_BASES}
        />
        <StableDecimalField
          field={at('deviation_factor')}
          {...lock('deviation_factor')}
          label={T.deviationFactor}
          value={row.deviation_factor}
          onChange={on('deviation_factor')}
          description={row.typed.includes('deviation_factor') ? T.typedByHand : T.deviationCriterion}
        />
        <StableComputedField
          field={at('max_value')}
          label={T.maxValue}
          value={row.max_value}
          criterion={T.maxCriterion}
          testId={`chemical-result-${index}-max`}
        />
        <StableTextField field={at('celling')} {...lock('celling')} label={T.celling} value={row.celling} onChange={on('celling')} />
        <StableTextField field={at('teto')} {...lock('teto')} label={T.teto} value={row.teto} onChange={on('teto')} />
        <StableTextField field={at('stel')} {...lock('stel')} label={T.stel} value={row.stel} onChange={on('stel')} />
        <StableOptionField
          field={at('size_aerodispersoides')}
          {...lock('size_aerodispersoides')}
          label={T.size}
          value={row.size_aerodispersoides}
          onChange={on('size_aerodispersoides')}
          options={AERODISPERSOID_SIZES}
        />
        <StableOptionField
          field={at('action_in_body')}
          {...lock('action_in_body')}
          label={T.actionInBody}
          value={row.action_in_body}
          onChange={on('action_in_body')}
          options={names(options.action_in_body)}
        />
        <StableOptionField
          field={at('notion_skin')}
          {...lock('notion_skin')}
          label={T.notionSkin}
          value={row.notion_skin}
          onChange={on('notion_skin')}
          options={names(options.notion_skin)}
        />
        <StableTextField field={at('osha')} {...lock('osha')} label={T.osha} value={row.osha} onChange={on('osha')} />
        <StableOptionField
          field={at('dispersal')}
          {...lock('dispersal')}
          label={T.dispersal}
          value={row.dispersal}
          onChange={on('dispersal')}
          options={names(options.dispersal)}
        />
        <StableOptionField field={at('ipvs')} {...lock('ipvs')} label={T.ipvs} value={row.ipvs} onChange={on('ipvs')} options={names(options.ipvs)} />
        <StableOptionField
          field={at('odor_limit')}
          {...lock('odor_limit')}
          label={T.odorLimit}
          value={row.odor_limit}
          onChange={on('odor_limit')}
          options={names(options.odor_limit)}
        />
        <StableOptionField
          field={at('respirator')}
          {...lock('respirator')}
          label={T.respirator}
          value={row.respirator}
          onChange={on('respirator')}
          options={names(options.respirator)}
        />
        <StableDecimalField field={at('molar_mass')} {...lock('molar_mass')} label={T.molarMass} value={row.molar_mass} onChange={on('molar_mass')} />
        <StableComputedField
          label={T.converted(conversion?.unit ?? (row.unity === 'ppm' ? 'mg/m³' : 'ppm'))}
          value={conversion ? `${conversion.value} ${conversion.unit}` : ''}
          criterion={conversion?.criterion ?? T.noConversion}
          testId={`chemical-result-${index}-converted`}
        />
        <StableComputedField
          field={at('risk_level')}
          label={T.riskLevel}
          value={level}
          criterion={row.conclusion || T.noLevel}
          testId={`chemical-result-${index}-risk`}
        />
      </FieldGrid>
      {row.criterion ? (
        <Text size="xs" c="dimmed" mt="sm" data-testid={`chemical-result-${index}-criterion`}>
          {T.criterion}: {row.criterion}
        </Text>
      ) : null}
    </Card>
  );
}
