/**
 * 'Dados da empresa' (spec sections 3 and 5): every company field, with the
 * masks (CNPJ, alphanumeric included; CEP; phones), the capitalisation of
 * the responsible's name, address, district and city, the postcode lookup,
 * and the required fields checked by the contract's rules. After the first
 * attempt every field shows valid or invalid and is re-checked on each
 * change; Salvar does nothing but show the messages while one is invalid.
 */
import { Button, ColorInput, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { BRAZILIAN_STATES } from '@sync/contract/customers';
import { COMPANY_FIELDS, type CompanyField, SETTINGS_MESSAGES } from '@sync/contract/settings-groups';
import { maskCep, maskCnpj, maskPhone, onlyDigits } from '@/domain/masks';
import { capitalizeWords } from '@/domain/text-case';
import { lookupPostcode } from '@/ui/postcode';
import { COMPANY_LABELS, COMPANY_SECTIONS, SETTINGS_TEXTS } from './settings-texts';
import { type FieldStatus, groupValues, useGroupForm } from './use-group-form';
import { useSaveSettings } from './use-save-settings';

const REQUIRED = new Set<CompanyField>(['cnpj', 'email', 'address', 'number', 'district', 'city', 'state', 'zipcode']);
const MASKS: Partial<Record<CompanyField, (value: string) => string>> = {
  cnpj: maskCnpj,
  zipcode: maskCep,
  phone: maskPhone,
  whatsapp1: maskPhone,
  whatsapp2: maskPhone,
  employName: capitalizeWords,
  address: capitalizeWords,
  district: capitalizeWords,
  city: capitalizeWords,
};
const STATE_OPTIONS = BRAZILIAN_STATES.map((state) => ({ value: state.code, label: `${state.code} - ${state.name}` }));
const COLORS: CompanyField[] = ['bgColor', 'fontColor', 'fontColor2', 'titleColor'];

/** What a field shows once checked: the message when invalid, a mark when valid. */
function statusProps(status: FieldStatus) {
  if (status !== 'valid') return {};
  return {
    rightSection: (
      <Text c="green" size="sm" aria-label={SETTINGS_TEXTS.valid}>
        ✓
      </Text>
    ),
    'data-valid': 'true',
  };
}

export function CompanyTab({ settings }: { settings: Readonly<Record<string, string>> }) {
  const group = useGroupForm('company', COMPANY_FIELDS, () => groupValues('company', COMPANY_FIELDS, settings));
  const { save, saving } = useSaveSettings();
  const zipDigits = onlyDigits(group.values.zipcode);
  const askedZip = useRef(zipDigits);

  // Postcode lookup (spec section 5): only with 8 digits, only what the service answered, never over an error.
  useEffect(() => {
    if (zipDigits.length !== 8 || askedZip.current === zipDigits) return;
    askedZip.current = zipDigits;
    void lookupPostcode(zipDigits).then((result) => {
      if (result.kind !== 'found' || onlyDigits(group.form.getValues().zipcode) !== zipDigits) return;
      const { street, district, city, state } = result.address;
      if (street) group.form.setFieldValue('address', capitalizeWords(street));
      if (district) group.form.setFieldValue('district', capitalizeWords(district));
      if (city) group.form.setFieldValue('city', capitalizeWords(city));
      if (state) group.form.setFieldValue('state', state);
    });
  }, [zipDigits, group.form]);

  const text = (name: CompanyField, extra: Record<string, unknown> = {}) => {
    const props = group.field(name);
    const mask = MASKS[name];
    return (
      <TextInput
        label={COMPANY_LABELS[name]}
        withAsterisk={REQUIRED.has(name)}
        {...props}
        onChange={(event) => group.form.setFieldValue(name, mask ? mask(event.currentTarget.value) : event.currentTarget.value)}
        {...statusProps(group.status(name))}
        {...extra}
      />
    );
  };

  const submit = async () => {
    const options = group.read();
    if (!options) return;
    const outcome = await save(options, SETTINGS_MESSAGES.companySaved);
    if (!outcome.ok) group.editor.showSaveError(outcome.error);
  };

  const stateProps = group.field('state');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="lg">
        <Title order={4}>{COMPANY_SECTIONS.identity}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text('name')}
          {text('cnpj', { placeholder: '00.000.000/0000-00' })}
          {text('employName')}
          {text('employRegisterNo')}
        </SimpleGrid>
        <Title order={4}>{COMPANY_SECTIONS.contact}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text('email', { type: 'email', inputMode: 'email' })}
          {text('site')}
          {text('instagram')}
          {text('phone', { inputMode: 'tel', placeholder: '(00) 0000-0000' })}
          {text('whatsapp1', { inputMode: 'tel', placeholder: '(00) 00000-0000' })}
          {text('whatsapp2', { inputMode: 'tel', placeholder: '(00) 00000-0000' })}
        </SimpleGrid>
        <Title order={4}>{COMPANY_SECTIONS.address}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {text('zipcode', { inputMode: 'numeric', placeholder: '00.000-000' })}
          {text('address')}
          {text('number')}
          {text('district')}
          {text('city')}
          <Select
            label={COMPANY_LABELS.state}
            withAsterisk
            data={STATE_OPTIONS}
            searchable
            clearable
            {...stateProps}
            value={stateProps.value || null}
            onChange={(value) => group.form.setFieldValue('state', value ?? '')}
            {...statusProps(group.status('state'))}
          />
        </SimpleGrid>
        <Title order={4}>{COMPANY_SECTIONS.colors}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          {COLORS.map((name) => {
            const props = group.field(name);
            return (
              <ColorInput
                key={name}
                label={COMPANY_LABELS[name]}
                format="hex"
                {...props}
                onChange={(value) => group.form.setFieldValue(name, value)}
              />
            );
          })}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {SETTINGS_TEXTS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
