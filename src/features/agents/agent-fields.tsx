/**
 * The fields of the agent form: name, type (with 'Novo tipo'), price (R$),
 * code, method, CAS (chemical agents only, placeholder 'Ex: 50-00-0'),
 * action in body, skin notation, IPVS (ppm), odor limit (ppm), respirator.
 */
import type { ReactNode } from 'react';
import { ActionIcon, Autocomplete, Group, Select, SimpleGrid, TextInput, Tooltip } from '@mantine/core';
import type { LocalProductType } from '@sync/react';
import { MoneyInput } from '@/ui/inputs';
import type { AgentErrors, AgentField, AgentValues } from './agent-form';
import { AGENT_TEXTS } from './agent-texts';
import { AGENT_SUGGESTIONS } from './option-suggestions';

export interface AgentFieldsProps {
  values: AgentValues;
  errors: AgentErrors;
  types: readonly LocalProductType[];
  chemical: boolean;
  onChange: (patch: Partial<AgentValues>, field: AgentField) => void;
  onNewType: () => void;
}

type TextField = Exclude<AgentField, 'type' | 'price'>;

export function AgentFields({ values, errors, types, chemical, onChange, onNewType }: AgentFieldsProps) {
  const labels = AGENT_TEXTS.fields;
  const text = (field: TextField, label: string, name: string, extra: { placeholder?: string; required?: boolean } = {}): ReactNode => (
    <TextInput
      label={label}
      name={name}
      value={values[field]}
      onChange={(event) => onChange({ [field]: event.currentTarget.value }, field)}
      error={errors[field]}
      {...extra}
    />
  );
  const suggested = (field: keyof typeof AGENT_SUGGESTIONS, label: string, name: string): ReactNode => (
    <Autocomplete
      label={label}
      name={name}
      value={values[field]}
      onChange={(value) => onChange({ [field]: value }, field)}
      data={[...AGENT_SUGGESTIONS[field]]}
      error={errors[field]}
    />
  );
  const typeData = [...types].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')).map((type) => ({ value: type.key, label: type.name }));

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {text('name', labels.name, 'name', { required: true })}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label={labels.type}
          placeholder={values.typeId !== null ? `#${values.typeId}` : AGENT_TEXTS.typePlaceholder}
          data={typeData}
          value={values.typeKey}
          onChange={(key) => onChange({ typeKey: key, typeId: null }, 'type')}
          searchable
          allowDeselect={false}
          nothingFoundMessage={AGENT_TEXTS.noTypes}
          error={errors.type}
          required
          style={{ flex: 1 }}
        />
        <Tooltip label={AGENT_TEXTS.newType}>
          <ActionIcon variant="light" size="lg" aria-label={AGENT_TEXTS.newType} onClick={onNewType} mb={errors.type ? 22 : 0}>
            +
          </ActionIcon>
        </Tooltip>
      </Group>
      <MoneyInput
        label={labels.price}
        name="price"
        value={values.price}
        onChange={(price) => onChange({ price }, 'price')}
        error={errors.price}
        required
      />
      {text('code', labels.code, 'code')}
      {text('method', labels.method, 'method')}
      {chemical ? text('cas', labels.cas, 'cas', { placeholder: AGENT_TEXTS.casPlaceholder }) : null}
      {suggested('actionInBody', labels.actionInBody, 'action_in_body')}
      {suggested('notionSkin', labels.notionSkin, 'notion_skin')}
      {suggested('ipvs', labels.ipvs, 'ipvs')}
      {suggested('odorLimit', labels.odorLimit, 'odor_limit')}
      {suggested('respirator', labels.respirator, 'respirator')}
    </SimpleGrid>
  );
}
