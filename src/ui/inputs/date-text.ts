/**
 * Calendar dates as typed in a form (spec sections 2 and 9: DD/MM/YYYY,
 * placeholder 00/00/0000; the wire keeps YYYY-MM-DD). The form keeps the
 * masked text; these helpers read it and write a wire date back as text.
 */
import { formatDateBR, parseDateBR } from '@/domain/dates';

export const DATE_PLACEHOLDER = '00/00/0000';
export const DATE_MESSAGES = { invalid: 'Data inválida' } as const;

export type DateText = { ok: true; iso: string | null } | { ok: false; message: string };

/** '21/11/2026' → '2026-11-21'; '' → null; partial or impossible ('31/02/2026') → a message. */
export function parseDateText(text: string): DateText {
  if (text.trim() === '') return { ok: true, iso: null };
  const iso = parseDateBR(text);
  return iso ? { ok: true, iso } : { ok: false, message: DATE_MESSAGES.invalid };
}

/** '2026-11-21' → '21/11/2026'; null → ''. */
export function dateToText(iso: string | null | undefined): string {
  return formatDateBR(iso);
}

/** Today's calendar date on this device, YYYY-MM-DD (the user's day, not UTC's). */
export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
