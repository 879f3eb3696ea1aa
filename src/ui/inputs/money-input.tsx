/**
 * A money field: 'R$' before the amount, free text so the user can type a
 * comma or a dot (spec sections 1 and 5). The form keeps the text exactly as
 * typed and reads it with `parseMoneyText`; nothing here rewrites it.
 */
import { TextInput, type TextInputProps } from '@mantine/core';

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'leftSection' | 'type'> {
  value: string;
  onChange: (text: string) => void;
}

export function MoneyInput({ value, onChange, ...props }: MoneyInputProps) {
  return (
    <TextInput
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection="R$"
      leftSectionPointerEvents="none"
      inputMode="decimal"
      autoComplete="off"
      placeholder={props.placeholder ?? '0,00'}
    />
  );
}
