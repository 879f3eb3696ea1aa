/**
 * One address tab's fields: label, CEP (masked) with the postcode lookup,
 * street, number, complement, district, city and the state select of the 27
 * states. When the CEP reaches 8 digits the lookup fills street, district,
 * city and state; offline or failing lookups leave the fields for typing
 * with a quiet hint under the CEP (never an alert), and the same CEP is not
 * asked again until it changes.
 */
import { useEffect, useRef, useState } from 'react';
import { Loader, Select, SimpleGrid, TextInput } from '@mantine/core';
import { BRAZILIAN_STATES } from '@sync/contract/customers';
import { onlyDigits } from '@/domain/masks';
import { lookupPostcode, type PostcodeAddress } from '@/ui/postcode';
import type { AddressErrors, AddressField, AddressValues } from './address-drafts';
import { ADDRESS_TEXTS } from './customer-texts';

const STATE_OPTIONS = BRAZILIAN_STATES.map((state) => ({ value: state.code, label: `${state.code} - ${state.name}` }));

export interface AddressPanelProps {
  values: AddressValues;
  errors: AddressErrors;
  disabled?: boolean;
  onChange: (patch: Partial<AddressValues>, field: AddressField) => void;
}

/** Only what the service answered: an empty answer never wipes what the user typed. */
function filledFrom(address: PostcodeAddress): Partial<AddressValues> {
  const patch: Partial<AddressValues> = {};
  if (address.street) patch.street = address.street;
  if (address.district) patch.district = address.district;
  if (address.city) patch.city = address.city;
  if (address.state) patch.state = address.state;
  return patch;
}

export function AddressPanel({ values, errors, disabled = false, onChange }: AddressPanelProps) {
  const texts = ADDRESS_TEXTS.fields;
  const [looking, setLooking] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const digits = onlyDigits(values.zipcode);
  const asked = useRef(digits);
  const current = useRef(digits);
  current.current = digits;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (digits.length !== 8) {
      setHint(null);
      asked.current = digits;
      return;
    }
    // The CEP a record was opened with, or one already asked: no lookup.
    if (disabled || asked.current === digits) return;
    asked.current = digits;
    setLooking(true);
    setHint(null);
    void lookupPostcode(digits).then((result) => {
      if (current.current !== digits) return; // the CEP changed meanwhile
      setLooking(false);
      if (result.kind === 'found') onChangeRef.current(filledFrom(result.address), 'street');
      else setHint(result.kind === 'not-found' ? ADDRESS_TEXTS.postcodeNotFound : ADDRESS_TEXTS.postcodeUnavailable);
    });
  }, [digits, disabled]);

  const text = (field: Exclude<AddressField, 'state'>, label: string, extra: { inputMode?: 'numeric'; placeholder?: string } = {}) => (
    <TextInput
      label={label}
      name={field}
      value={values[field]}
      onChange={(event) => onChange({ [field]: event.currentTarget.value }, field)}
      error={errors[field]}
      disabled={disabled}
      {...extra}
    />
  );

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
      {text('label', texts.label)}
      <TextInput
        label={texts.zipcode}
        name="zipcode"
        inputMode="numeric"
        placeholder="00.000-000"
        value={values.zipcode}
        onChange={(event) => onChange({ zipcode: event.currentTarget.value }, 'zipcode')}
        error={errors.zipcode}
        description={looking ? ADDRESS_TEXTS.lookingUp : (hint ?? undefined)}
        rightSection={looking ? <Loader size="xs" /> : null}
        disabled={disabled}
      />
      {text('street', texts.street)}
      {text('number', texts.number)}
      {text('address2', texts.address2)}
      {text('district', texts.district)}
      {text('city', texts.city)}
      <Select
        label={texts.state}
        name="state"
        placeholder={ADDRESS_TEXTS.statePlaceholder}
        data={STATE_OPTIONS}
        value={values.state}
        onChange={(state) => onChange({ state }, 'state')}
        error={errors.state}
        searchable
        clearable
        disabled={disabled}
      />
    </SimpleGrid>
  );
}
