/**
 * The fields of the sampling-method form: institution and code, what it
 * samples, the sampler, the flow and volume ranges (typed with a comma), the
 * holding time and storage temperature, the laboratory, and the chemical
 * agents it applies to. Two columns on a desktop or a landscape tablet, one
 * below 768 px; the number fields open the numeric keyboard on a tablet.
 */
import { MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { SAMPLING_INSTITUTION_LABELS, SAMPLING_INSTITUTIONS } from '@sync/contract/sampling-methods';
import type { SchemaForm } from '@/ui/forms';
import type { AgentOptions } from './chemical-agent-options';
import type { samplingMethodFormSchema } from './sampling-method-form';
import { SAMPLING_METHOD_TEXTS } from './sampling-method-texts';

const INSTITUTION_OPTIONS = SAMPLING_INSTITUTIONS.map((value) => ({ value, label: SAMPLING_INSTITUTION_LABELS[value] }));

export interface SamplingMethodFieldsProps {
  form: SchemaForm<typeof samplingMethodFormSchema>;
  agents: AgentOptions;
}

export function SamplingMethodFields({ form, agents }: SamplingMethodFieldsProps) {
  const texts = SAMPLING_METHOD_TEXTS.fields;
  const { field } = form;
  const decimal = { inputMode: 'decimal' as const, autoComplete: 'off' };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={texts.institution}
          placeholder={SAMPLING_METHOD_TEXTS.placeholders.institution}
          data={INSTITUTION_OPTIONS}
          {...field('institution')}
          required
          allowDeselect={false}
        />
        <TextInput label={texts.code} placeholder={SAMPLING_METHOD_TEXTS.placeholders.code} {...field('code')} required />
        <TextInput label={texts.description} placeholder={SAMPLING_METHOD_TEXTS.placeholders.description} {...field('description')} />
        <TextInput label={texts.sampler} placeholder={SAMPLING_METHOD_TEXTS.placeholders.sampler} {...field('sampler')} />
        <TextInput label={texts.flowMin} {...decimal} {...field('flow_min')} />
        <TextInput label={texts.flowMax} {...decimal} {...field('flow_max')} />
        <TextInput label={texts.volumeMin} {...decimal} {...field('volume_min')} />
        <TextInput label={texts.volumeMax} {...decimal} {...field('volume_max')} />
        <TextInput
          label={texts.holdingDays}
          description={SAMPLING_METHOD_TEXTS.hints.holdingDays}
          inputMode="numeric"
          autoComplete="off"
          {...field('holding_days')}
        />
        <TextInput label={texts.storage} placeholder={SAMPLING_METHOD_TEXTS.placeholders.storage} {...field('storage_temperature')} />
        <TextInput label={texts.laboratory} {...field('laboratory')} />
      </SimpleGrid>
      <MultiSelect
        label={texts.agents}
        description={SAMPLING_METHOD_TEXTS.hints.agents}
        placeholder={SAMPLING_METHOD_TEXTS.placeholders.agents}
        data={agents.data}
        {...field('agent_ids')}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={SAMPLING_METHOD_TEXTS.noAgents}
        comboboxProps={{ withinPortal: true }}
      />
      {agents.pending > 0 ? (
        <Text size="sm" c="dimmed">
          {SAMPLING_METHOD_TEXTS.hints.pendingAgents}
        </Text>
      ) : null}
    </Stack>
  );
}
