/**
 * Memória de campo of a chemical sample: the pump and its calibrator from
 * the equipment on the device (calibration warnings judged on the sample's
 * date), the date, the agent rows (a list that always keeps one; the add
 * icon on the last row only), the EPI rows and the observation.
 *
 * An agent row's agent is chosen among the chemical agents on the device
 * (10 shown), which fills its id, name, code, CAS and method; its total time
 * follows the HH:mm times and its volume the pump flow and the total time
 * as they are typed (chemical-figures.ts `editAgentRow`), both typed over on
 * purpose when needed ('Digitado pelo técnico'). Adding, renaming or
 * removing an agent changes the rows of Resultado, which say so here
 * ('Agente atualizado na aba Resultado.', for 6 seconds).
 *
 * The sampling-method catalog guides the row (issue 22): choosing an agent
 * proposes the method that lists it, its sampler and a flow in its range
 * (only into fields still blank, besides the method); a flow or a volume
 * outside the method's range, or a sample older than its holding time
 * today, is flagged at the field with the method's numbers. Warnings never
 * block a save.
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { emptyEpiRow } from '@sync/contract/samples/block-fields';
import { type ChemicalAgentRow, type ChemicalMemory, emptyChemicalAgentRow } from '@sync/contract/samples/chemical';
import { withPrefilledAgent } from '@sync/contract/samples/chemical-derive';
import { editAgentRow } from '@sync/contract/samples/chemical-figures';
import { agentsIdentity, chooseAgent } from '@sync/contract/samples/chemical-rows';
import { SAMPLE_TYPES } from '@sync/contract/samples/types';
import { type LocalProduct, useLocalList } from '@sync/react';
import { AgentPicker } from '@/entities/agent';
import {
  methodForAgent,
  methodOfRow,
  methodWarnings,
  type MethodWarning,
  type MethodWarningField,
  useSamplingMethods,
} from '@/entities/sampling-methods';
import { todayIso } from '@/ui/inputs/date-text';
import { DateInputBR } from '@/ui/inputs';
import { ALERT_AUTO_CLOSE_MS } from '@/ui/alerts';
import { OneRowList } from '@/ui/rows';
import { EpiRows } from '../common';
import { FieldGrid, NoteField } from '../type-fields/field-inputs';
import { InstrumentSection } from '../type-fields/instrument-section';
import { measurementDay } from '../type-fields/measurement-date';
import { useFieldMark } from '../type-fields/required-mark';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { CHEMICAL_TEXTS } from './chemical-texts';
import { StableDecimalField, StableTextField, StableTimeField } from './stable-fields';

const T = CHEMICAL_TEXTS.memory;
/** The product type of chemical agents (the sample types' ids are the product types'). */
const CHEMICAL_TYPE_ID = SAMPLE_TYPES.find((type) => type.slug === 'chemical')!.id;

export function ChemicalMemoryTab({ sample, value, onChange, readOnly = false }: TypeTabProps<ChemicalMemory>) {
  // A planned sample starts with its quotation row's agent beside the rows: shown in the first row.
  const memory = withPrefilledAgent(value);
  const [updated, setUpdated] = useState(0);
  const dateMark = useFieldMark('memory_field.date');
  const set =
    <K extends keyof ChemicalMemory>(field: K) =>
    (next: ChemicalMemory[K]) =>
      onChange({ ...memory, [field]: next });

  const setAgents = (agents: ChemicalAgentRow[]) => {
    if (agentsIdentity(agents) !== agentsIdentity(memory.agents)) setUpdated((count) => count + 1);
    onChange({ ...memory, agents });
  };
  // Stable callbacks for the memoised parts, always on the latest block.
  const latest = useRef({ memory, setAgents, onChange });
  latest.current = { memory, setAgents, onChange };
  const editRow = useCallback((index: number, change: (row: ChemicalAgentRow) => ChemicalAgentRow) => {
    const { memory: current, setAgents: write } = latest.current;
    write(current.agents.map((row, at) => (at === index ? change(row) : row)));
  }, []);
  const patch = useCallback((next: Partial<ChemicalMemory>) => latest.current.onChange({ ...latest.current.memory, ...next }), []);
  const methods = useSamplingMethods();
  usePlannedAgentResolved(memory.agents, methods.methods, !methods.loading, editRow, readOnly);

  return (
    <Stack gap="lg">
      <Title order={4}>{T.instruments}</Title>
      <Instruments typeId={sample.type_id} value={instrumentsOf(memory)} referenceDate={measurementDay(memory.date)} onChange={patch} />
      <FieldGrid>
        <DateInputBR {...dateMark} size="md" label={T.date} value={memory.date} onChange={set('date')} />
      </FieldGrid>
      <Title order={4}>{T.agents}</Title>
      <AgentUpdatedNotice count={updated} />
      <OneRowList
        label={T.agents}
        rows={memory.agents}
        onChange={setAgents}
        blank={emptyChemicalAgentRow}
        readOnly={readOnly}
        sameRow={sameJson}
        renderRow={(row, index) => <AgentRowView row={row} index={index} onEdit={editRow} />}
      />
      <Epis epis={memory.epis} observation={memory.observation} readOnly={readOnly} onChange={patch} />
    </Stack>
  );
}

/** The spec's notice, shown for 6 seconds after each change of the agents the result rows follow. */
function AgentUpdatedNotice({ count }: { count: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (count === 0) return;
    setShown(true);
    const timer = setTimeout(() => setShown(false), ALERT_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [count]);
  if (!shown) return null;
  return (
    <Alert color="green" variant="light" role="status" data-testid="chemical-agent-updated" withCloseButton onClose={() => setShown(false)}>
      {T.agentUpdated}
    </Alert>
  );
}

type EditRow = (index: number, change: (row: ChemicalAgentRow) => ChemicalAgentRow) => void;

/** A row renders again only when its own values change: typing in one of ten rows leaves the other nine alone. */
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const INSTRUMENT_KEYS = [
  'instrument',
  'instrument_serie',
  'instrument_certificate',
  'instrument_validity',
  'gauge',
  'gauge_serie',
  'gauge_certificate',
  'gauge_validity',
] as const;
type Instrumental = Pick<ChemicalMemory, (typeof INSTRUMENT_KEYS)[number]>;
const instrumentsOf = (memory: ChemicalMemory): Instrumental => Object.fromEntries(INSTRUMENT_KEYS.map((key) => [key, memory[key]])) as Instrumental;

/** The pump and the calibrator; renders again only when they or the day change, not at each key typed in a row. */
const Instruments = memo(
  function Instruments({
    typeId,
    value,
    referenceDate,
    onChange,
  }: {
    typeId: number | undefined;
    value: Instrumental;
    referenceDate: string;
    onChange: (next: Partial<ChemicalMemory>) => void;
  }) {
    return <InstrumentSection typeId={typeId} block="memory_field" value={value} onChange={onChange} referenceDate={referenceDate} />;
  },
  (previous, next) =>
    previous.typeId === next.typeId &&
    previous.referenceDate === next.referenceDate &&
    previous.onChange === next.onChange &&
    sameJson(previous.value, next.value),
);

/** The EPI rows and the observation; rendered again only when they change. */
const Epis = memo(
  function Epis({
    epis,
    observation,
    readOnly,
    onChange,
  }: {
    epis: ChemicalMemory['epis'];
    observation: string;
    readOnly: boolean;
    onChange: (next: Partial<ChemicalMemory>) => void;
  }) {
    return (
      <>
        <Title order={4}>{T.epis}</Title>
        <EpiRows
          value={epis}
          onChange={(rows) => onChange({ epis: rows.map((row) => ({ ...emptyEpiRow(), ...row, id: typeof row.id === 'number' ? row.id : null })) })}
          readOnly={readOnly}
        />
        <NoteField label={T.observation} value={observation} onChange={(text) => onChange({ observation: text })} />
      </>
    );
  },
  (previous, next) =>
    previous.observation === next.observation &&
    previous.readOnly === next.readOnly &&
    previous.onChange === next.onChange &&
    sameJson(previous.epis, next.epis),
);

/** How a method's warning shows under its field (a constant: the memoised fields compare their props). */
const WARNING_DESCRIPTION = { c: 'orange.8', role: 'status' } as const;

/** The description props of a field the method may flag: its warning in orange, else what it shows otherwise. */
function flagged(warnings: readonly MethodWarning[], field: MethodWarningField, otherwise?: string) {
  const warning = warnings.find((item) => item.field === field);
  return warning
    ? { description: warning.message, descriptionProps: WARNING_DESCRIPTION, 'data-method-warning': field }
    : otherwise === undefined
      ? {}
      : { description: otherwise };
}

function AgentRowView({ row, index, onEdit }: { row: ChemicalAgentRow; index: number; onEdit: EditRow }) {
  const { methods } = useSamplingMethods();
  const warnings = methodWarnings(methodOfRow(methods, row), row, todayIso());
  const on = (field: keyof ChemicalAgentRow) => (text: string) => onEdit(index, (current) => editAgentRow(current, field, text));
  const at = (field: keyof ChemicalAgentRow) => `memory_field.agents.${index}.${field}`;
  const dateMark = useFieldMark(at('date'), { input: 'date', value: row.date });
  const typed = (figure: 'total_time' | 'volume', criterion: string) => (row.typed.includes(figure) ? T.typedByHand : criterion);
  return (
    <Stack gap="xs" style={{ flex: '1 1 100%', minWidth: 0 }} data-testid={`chemical-agent-row-${index}`}>
      <Text fw={600} size="sm">
        {T.agentTitle(index)}
      </Text>
      <FieldGrid>
        <AgentChoice index={index} id={row.agent_id} name={row.agent} onEdit={onEdit} methods={methods} />
        <StableTextField field={at('agent_code')} label={T.code} value={row.agent_code} onChange={on('agent_code')} />
        <StableTextField field={at('agent_cas')} label={T.cas} value={row.agent_cas} onChange={on('agent_cas')} />
        <StableTextField field={at('agent_method')} label={T.method} value={row.agent_method} onChange={on('agent_method')} />
        <DateInputBR {...dateMark} {...flagged(warnings, 'date')} size="md" label={T.samplingDate} value={row.date} onChange={on('date')} />
        <StableTextField field={at('sampler_type')} label={T.samplerType} value={row.sampler_type} onChange={on('sampler_type')} />
        <StableTextField field={at('white_field_no')} label={T.whiteField} value={row.white_field_no} onChange={on('white_field_no')} />
        <StableDecimalField
          field={at('pump_flow')}
          label={T.pumpFlow}
          value={row.pump_flow}
          onChange={on('pump_flow')}
          {...flagged(warnings, 'pump_flow')}
        />
        <StableTimeField field={at('initial')} input="time" label={T.initial} value={row.initial} onChange={on('initial')} />
        <StableTimeField field={at('final')} input="time" label={T.final} value={row.final} onChange={on('final')} />
        <StableTimeField
          field={at('interval_initial')}
          input="time"
          label={T.intervalInitial}
          value={row.interval_initial}
          onChange={on('interval_initial')}
        />
        <StableTimeField
          field={at('interval_final')}
          input="time"
          label={T.intervalFinal}
          value={row.interval_final}
          onChange={on('interval_final')}
        />
        <StableTimeField
          field={at('total_time')}
          label={T.totalTime}
          value={row.total_time}
          onChange={on('total_time')}
          description={typed('total_time', T.totalCriterion)}
        />
        <StableDecimalField
          field={at('volume')}
          label={T.volume}
          value={row.volume}
          onChange={on('volume')}
          {...flagged(warnings, 'volume', typed('volume', T.volumeCriterion))}
        />
        <StableDecimalField field={at('temperature')} label={T.temperature} value={row.temperature} onChange={on('temperature')} />
        <StableDecimalField field={at('initial_ura')} label={T.ura} value={row.initial_ura} onChange={on('initial_ura')} />
        <StableDecimalField
          field={at('atmospheric_pressure')}
          label={T.pressure}
          value={row.atmospheric_pressure}
          onChange={on('atmospheric_pressure')}
        />
      </FieldGrid>
    </Stack>
  );
}

type Methods = Parameters<typeof methodForAgent>[0];

/** A row with its agent chosen: the agent's id, name, code, CAS and method, then what the agent's sampling method proposes. */
function withChosenAgent(current: ChemicalAgentRow, agent: LocalProduct | null, methods: Methods): ChemicalAgentRow {
  const chosen = chooseAgent(current, agent && { id: agent.id, name: agent.name, code: agent.code, cas: agent.cas, method: agent.method });
  const proposal = agent ? methodForAgent(methods, agent.id) : null;
  if (!proposal) return chosen;
  const withMethod = { ...chosen, agent_method: proposal.code, sampler_type: chosen.sampler_type || proposal.sampler };
  // The flow goes through the row's edit so the volume follows it.
  return withMethod.pump_flow || !proposal.pumpFlow ? withMethod : editAgentRow(withMethod, 'pump_flow', proposal.pumpFlow);
}

const sameName = (a: string, b: string) => a.trim().localeCompare(b.trim(), 'pt-BR', { sensitivity: 'base' }) === 0;

/**
 * A planned sample names its quotation row's agent only by name (the first
 * row's `agent`, no id): when exactly one chemical agent on the device has
 * that name, the row takes it as if chosen (code, CAS, method and the
 * method's proposal), once the agents and the methods are read.
 */
function usePlannedAgentResolved(agents: readonly ChemicalAgentRow[], methods: Methods, ready: boolean, onEdit: EditRow, readOnly: boolean) {
  const products = useLocalList('products');
  useEffect(() => {
    if (readOnly || !ready || products.loading) return;
    agents.forEach((row, index) => {
      // The plan's row may be only `{ agent }` until the first save fills it in.
      const name = row.agent ?? '';
      if ((row.agent_id ?? null) !== null || name.trim() === '') return;
      const matches = products.rows.filter((agent) => agent.type_id === CHEMICAL_TYPE_ID && sameName(agent.name, name));
      if (matches.length === 1) onEdit(index, (current) => withChosenAgent({ ...emptyChemicalAgentRow(), ...current }, matches[0]!, methods));
    });
  }, [agents, methods, ready, onEdit, readOnly, products]);
}

/** The agent of a row, chosen among the chemical agents on the device; renders again only when the choice changes. */
const AgentChoice = memo(function AgentChoice({
  index,
  id,
  name,
  onEdit,
  methods,
}: {
  index: number;
  id: number | null;
  name: string;
  onEdit: EditRow;
  methods: Methods;
}) {
  const mark = useFieldMark(`memory_field.agents.${index}.agent`);
  const choose = (agent: LocalProduct | null) => onEdit(index, (current) => withChosenAgent(current, agent, methods));
  return (
    <AgentPicker
      {...mark}
      typeId={CHEMICAL_TYPE_ID}
      size="md"
      styles={{ input: { minHeight: 44 } }}
      label={T.agent}
      placeholder={T.agentPlaceholder}
      value={{ key: null, id, name }}
      onChange={choose}
    />
  );
});
