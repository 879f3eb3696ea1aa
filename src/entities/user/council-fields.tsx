/**
 * The 'Conselho profissional' group of the users form and the profile
 * (issue 28): council type (CREA, CRM, Outro), registration number and UF,
 * which a reviewer needs to approve samples. All three or none is the
 * contract's rule (`USER_MESSAGES.councilIncomplete`), shown at the field
 * left blank. The UF list is the customers' address list (BRAZILIAN_STATES).
 */
import { Fieldset, Grid, Select, TextInput } from '@mantine/core';
import { BRAZILIAN_STATES } from '@sync/contract/customers';
import { COUNCIL_TYPES } from '@sync/contract/user-input';
import type { SchemaFieldProps } from '@/ui/forms';
import { USER_ENTITY_TEXTS } from './user-texts';

export type CouncilField = 'council_type' | 'council_number' | 'council_uf';

const TYPE_OPTIONS = COUNCIL_TYPES.map((type) => ({ value: type, label: type }));
const UF_OPTIONS = BRAZILIAN_STATES.map((state) => ({ value: state.code, label: `${state.code} - ${state.name}` }));
const TOUCH = { input: { minHeight: 44 } } as const;

export interface CouncilFieldsProps {
  /** The form's props of each council field (`useSchemaForm`'s `field`). */
  field: (name: CouncilField) => SchemaFieldProps;
}

export function CouncilFields({ field }: CouncilFieldsProps) {
  const t = USER_ENTITY_TEXTS.council;
  return (
    <Fieldset legend={t.legend} variant="unstyled">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select label={t.type} placeholder={t.typePlaceholder} data={TYPE_OPTIONS} clearable styles={TOUCH} {...field('council_type')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label={t.number} autoComplete="off" styles={TOUCH} {...field('council_number')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select label={t.uf} placeholder={t.ufPlaceholder} data={UF_OPTIONS} searchable clearable styles={TOUCH} {...field('council_uf')} />
        </Grid.Col>
      </Grid>
    </Fieldset>
  );
}
