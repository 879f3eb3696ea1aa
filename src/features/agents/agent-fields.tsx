/**
 * The fields of the agent form: name, type (with 'Novo tipo'), price (R$),
 * code, method, CAS (chemical agents only, placeholder 'Ex: 50-00-0'),
 * action in body, skin notation, IPVS (ppm), odor limit (ppm), respirator.
 */
import { ActionIcon, Autocomplete, Group, Select, SimpleGrid, TextInput, Tooltip } from '@mantine/core';
import type { LocalProductType } from '@sync/react';
import type { SchemaForm } from '@/ui/forms';
import { MoneyInput } from '@/ui/inputs';
import type { AgentFormSchema } from './agent-form';
import { AGENT_TEXTS } from './agent-texts';
import { AGENT_SUGGESTIONS } from './option-suggestions';

export interface AgentFieldsProps {
  form: SchemaForm<AgentFormSchema>;
  types: readonly LocalProductType[];
  chemical: boolean;
  /** A type picked in the select (the page stops offering the default one). */
  onTypeChange: (key: string | null) => void;
  onNewType: () => void;
}

type SuggestedField = keyof typeof AGENT_SUGGESTIONS;
const SUGGESTION_FIELDS: Record<SuggestedField, 'action_in_body' | 'notion_skin' | 'ipvs' | 'odor_limit' | 'respirator'> = {
  actionInBody: 'action_in_body',
  notionSkin: 'notion_skin',
  ipvs: 'ipvs',
  odorLimit: 'odor_limit',
  respirator: 'respirator',
};

export function AgentFields({ form, types, chemical, onTypeChange, onNewType }: AgentFieldsProps) {
  const labels = AGENT_TEXTS.fields;
  const { values, field } = form;
  const typeError = form.form.errors.type_key;
  const suggested = (suggestions: SuggestedField, label: string) => (
    <Autocomplete label={label} data={[...AGENT_SUGGESTIONS[suggestions]]} {...field(SUGGESTION_FIELDS[suggestions])} />
  );
  const typeData = [...types].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')).map((type) => ({ value: type.key, label: type.name }));

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label={labels.name} {...field('name')} required />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label={labels.type}
          placeholder={values.type_id !== null ? `#${values.type_id}` : AGENT_TEXTS.typePlaceholder}
          data={typeData}
          {...field('type_key')}
          onChange={onTypeChange}
          searchable
          allowDeselect={false}
          nothingFoundMessage={AGENT_TEXTS.noTypes}
          required
          style={{ flex: 1 }}
        />
        <Tooltip label={AGENT_TEXTS.newType}>
          <ActionIcon variant="light" size="lg" aria-label={AGENT_TEXTS.newType} onClick={onNewType} mb={typeError ? 22 : 0}>
            +
          </ActionIcon>
        </Tooltip>
      </Group>
      <MoneyInput label={labels.price} {...field('price')} required />
      <TextInput label={labels.code} {...field('code')} />
      <TextInput label={labels.method} {...field('method')} />
      {chemical ? <TextInput label={labels.cas} placeholder={AGENT_TEXTS.casPlaceholder} {...field('cas')} /> : null}
      {suggested('actionInBody', labels.actionInBody)}
      {suggested('notionSkin', labels.notionSkin)}
      {suggested('ipvs', labels.ipvs)}
      {suggested('odorLimit', labels.odorLimit)}
      {suggested('respirator', labels.respirator)}
    </SimpleGrid>
  );
}
