/**
 * A calendar date typed as DD/MM/YYYY (placeholder 00/00/0000), masked on
 * every keystroke, with a calendar to pick from for touch screens. The form
 * keeps the masked text and reads it with `parseDateText`.
 */
import { useState } from 'react';
import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { maskDate } from '@/domain/masks';
import { DATE_PLACEHOLDER, dateToText, parseDateText } from './date-text';

export interface DateInputBRProps extends Omit<TextInputProps, 'value' | 'onChange' | 'rightSection' | 'type'> {
  value: string;
  onChange: (text: string) => void;
}

function CalendarIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 11h18" />
    </svg>
  );
}

export function DateInputBR({ value, onChange, disabled, ...props }: DateInputBRProps) {
  const [opened, setOpened] = useState(false);
  const parsed = parseDateText(value);
  const picked = parsed.ok ? parsed.iso : null;
  return (
    <TextInput
      {...props}
      disabled={disabled}
      value={value}
      onChange={(event) => onChange(maskDate(event.currentTarget.value))}
      placeholder={DATE_PLACEHOLDER}
      inputMode="numeric"
      autoComplete="off"
      maxLength={DATE_PLACEHOLDER.length}
      rightSection={
        <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal trapFocus>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={disabled}
              aria-label="Abrir calendário"
              onClick={() => setOpened((current) => !current)}
            >
              <CalendarIcon />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <DatePicker
              value={picked}
              defaultDate={picked ?? undefined}
              onChange={(iso) => {
                onChange(dateToText(iso));
                setOpened(false);
              }}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
