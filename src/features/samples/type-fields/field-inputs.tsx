/**
 * The inputs of the sample tabs, sized for a tablet in the hand: 44 px
 * fields (Mantine `md`, at least 44 px high) in a grid that stacks to one
 * column below 768 px and shows two at 768 px, numeric keyboards for
 * numbers and times, and computed figures read-only with the criterion
 * they come from. An input given its `field` path carries the required
 * mark, and each shows the contract's message when its value is refused
 * ('Hora inválida: use HH:mm.'): a number as it is typed, a time once it
 * is whole or left (required-mark.tsx `useFieldMark`).
 */
import type { ReactNode } from 'react';
import { Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import type { FieldInput } from '@sync/contract/samples/descriptor';
import { maskTime } from '@/domain/masks';
import { useFieldMark } from './required-mark';
import { TYPE_FIELD_TEXTS } from './type-field-texts';

/** A touch target of at least 44 px (Mantine `md` inputs are 42 px). */
const TOUCH = { input: { minHeight: 44 } } as const;

export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  description?: ReactNode;
  error?: ReactNode;
  readOnly?: boolean;
  disabled?: boolean;
  /** The field's path in the sample ('memory_field.initial_time'): the required mark and the jump target. */
  field?: string;
}

export function TextField({ label, value, onChange, field, ...props }: TextFieldProps) {
  const mark = useFieldMark(field, { input: 'line', value });
  return (
    <TextInput
      {...mark}
      size="md"
      styles={TOUCH}
      label={label}
      value={value}
      variant={props.readOnly ? 'filled' : 'default'}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}

/** A number typed with a comma or a dot: the decimal keyboard, kept as typed. */
export function DecimalField({ label, value, onChange, field, ...props }: TextFieldProps) {
  const mark = useFieldMark(field, { input: 'decimal', value });
  return (
    <TextInput
      {...mark}
      size="md"
      styles={TOUCH}
      label={label}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}

/** A whole number (repetitions, a year): the numeric keyboard, kept as typed; the schema says when it is not one. */
export function CountField({ label, value, onChange, field, ...props }: TextFieldProps) {
  const mark = useFieldMark(field, { input: 'decimal', value });
  return (
    <TextInput
      {...mark}
      size="md"
      styles={TOUCH}
      label={label}
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}

/**
 * A time or duration HH:mm, masked as typed, on the numeric keyboard. On
 * the sample page the type's descriptor says which by the field's path;
 * without a path `input` does, a duration by default (the looser rule: a
 * valid value is never flagged; the tab's mark still counts a clock time
 * past 23:59).
 */
export function TimeField({
  label,
  value,
  onChange,
  field,
  input = 'duration',
  ...props
}: TextFieldProps & { input?: Extract<FieldInput, 'time' | 'duration'> }) {
  const mark = useFieldMark(field, { input, value });
  return (
    <TextInput
      {...mark}
      size="md"
      styles={TOUCH}
      label={label}
      inputMode="numeric"
      autoComplete="off"
      placeholder={TYPE_FIELD_TEXTS.timePlaceholder}
      maxLength={5}
      value={value}
      onChange={(event) => onChange(maskTime(event.currentTarget.value))}
      {...props}
    />
  );
}

export function NoteField({ label, value, onChange, field }: TextFieldProps) {
  const mark = useFieldMark(field, { input: 'note', value });
  return (
    <Textarea {...mark} size="md" label={label} rows={3} resize="vertical" value={value} onChange={(event) => onChange(event.currentTarget.value)} />
  );
}

interface OptionFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<string | { value: string; label: string }>;
  clearable?: boolean;
  field?: string;
  disabled?: boolean;
}

/** One of the spec's options; a stored value not among them still shows. */
export function OptionField({ label, value, onChange, options, clearable = true, field, disabled }: OptionFieldProps) {
  const mark = useFieldMark(field, { input: 'choice', value });
  const data = options.map((option) => (typeof option === 'string' ? { value: option, label: option } : option));
  if (value !== '' && !data.some((option) => option.value === value)) data.unshift({ value, label: value });
  return (
    <Select
      {...mark}
      size="md"
      styles={TOUCH}
      label={label}
      placeholder={TYPE_FIELD_TEXTS.select}
      data={data}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      clearable={clearable}
      disabled={disabled}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A figure the device computed: read-only, with its criterion under it. */
export function ComputedField({
  label,
  value,
  criterion,
  testId,
  field,
  error,
}: {
  label: string;
  value: string;
  criterion: string;
  testId?: string;
  field?: string;
  /** A computed figure that flags a problem at the field (a flow variation beyond the tolerance). */
  error?: ReactNode;
}) {
  const mark = useFieldMark(field);
  return (
    <TextInput
      {...mark}
      {...(error ? { error } : {})}
      size="md"
      styles={TOUCH}
      label={label}
      value={value}
      readOnly
      variant="filled"
      data-testid={testId}
      description={
        <Text span size="xs" c="dimmed">
          {criterion}
        </Text>
      }
    />
  );
}
