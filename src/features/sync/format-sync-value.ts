/**
 * How the sync page shows times and field values: instants as
 * DD/MM/YYYY HH:mm in Brasília time (the consultancy's zone, as the rest of
 * the app), prices as money, calendar dates as DD/MM/YYYY, a quotation's
 * status by its name ('Aprovado'), empty values as a
 * dash so "emptied" reads differently from "unchanged". A nested value (a
 * document's lines) reads as its items, one per line, each as its values
 * joined by ' · ', so two versions of a list can be told apart at a glance.
 * A conflict's question is one leaf (`formatDifference`): its value alone,
 * or, for a row one side removed, the row's fields under their labels
 * ('tbn (°C): 24,1 · tg (°C): 30') against 'Linha removida'.
 */
import { formatInstantTimeBR } from '@/domain/dates';
import { QUOTATION_STATUS_LABELS } from '@sync/contract/quotations';
import type { FieldDifference } from '@sync/react';
import { formatDate, formatDecimal, formatMoney } from '@/ui/format';
import { SYNC_TEXTS } from './sync-texts';

export const EMPTY_VALUE = '—';

const MONEY_FIELDS = new Set(['price']);
const DATE_FIELDS = new Set(['expiration_date']);
const EQUIPMENT_TYPE_NAMES: Record<string, string> = { instrumento: 'Instrumento', calibrador: 'Calibrador' };

/** Epoch ms or ISO instant → 'DD/MM/YYYY HH:mm' in `timeZone`; invalid → ''. */
export function formatDateTime(value: number | string | null | undefined, timeZone = 'America/Sao_Paulo'): string {
  if (value === null || value === undefined || value === '') return '';
  return formatInstantTimeBR(new Date(value), timeZone);
}

/** The lists of a quotation whose `value` and `total` are money. */
const PRICED_LISTS = new Set(['rows', 'services', 'costs']);

/**
 * One side of a conflict's question: the leaf's value (formatted by its own
 * name, a quotation line's unit value and total as money), or a whole row
 * with its fields labelled; 'Linha removida' for the side without the row.
 */
export function formatDifference(difference: FieldDifference, side: 'mine' | 'theirs'): string {
  if (difference.absent === side) return SYNC_TEXTS.rowRemoved;
  const value = difference[side];
  const { path } = difference;
  if (path.length <= 1) return formatFieldValue(difference.field, value);
  const leaf = path.at(-1)!;
  const money = PRICED_LISTS.has(path[0]!) && path.length === 3 && (leaf === 'value' || leaf === 'total');
  if (money && (typeof value === 'number' || typeof value === 'string')) return formatMoney(value) || String(value);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return formatLabelled(value as Record<string, unknown>);
  return formatFieldValue(leaf, value);
}

/** An object whose keys are labels: 'Label: value' joined by ' · ' (empty values left out). */
function formatLabelled(value: Record<string, unknown>): string {
  const parts = Object.entries(value)
    .map(([label, item]) => [label, formatNested(item)] as const)
    .filter(([, text]) => text !== '')
    .map(([label, text]) => `${label}: ${text}`);
  return parts.length > 0 ? parts.join(' · ') : EMPTY_VALUE;
}

/** A field's value as the page shows it (references arrive already as the target's name). */
export function formatFieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return EMPTY_VALUE;
  if (MONEY_FIELDS.has(field) && (typeof value === 'number' || typeof value === 'string')) {
    return formatMoney(value) || String(value);
  }
  if (DATE_FIELDS.has(field) && typeof value === 'string') return formatDate(value) || value;
  if (field === 'type' && typeof value === 'string') return EQUIPMENT_TYPE_NAMES[value] ?? value;
  if (field === 'status' && typeof value === 'string') return (QUOTATION_STATUS_LABELS as Record<string, string>)[value] ?? value;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return formatDecimal(value, 6, { trimZeros: true, grouping: true });
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => formatNested(item)).filter((item) => item !== '');
    return items.length > 0 ? items.join('\n') : EMPTY_VALUE;
  }
  return formatNested(value) || EMPTY_VALUE;
}

/** An item of a nested value: its non-empty values in order (objects and arrays inside, the same way). */
function formatNested(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value))
    return value
      .map(formatNested)
      .filter((item) => item !== '')
      .join(', ');
  if (typeof value === 'object') {
    return Object.values(value as Record<string, unknown>)
      .map(formatNested)
      .filter((item) => item !== '')
      .join(' · ');
  }
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return formatDecimal(value, 6, { trimZeros: true, grouping: true });
  return String(value).trim();
}
