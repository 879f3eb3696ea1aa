/**
 * How one event of a sample's history reads (issue 28): its title (the
 * step and the states it moved between, 'Devolver — Em revisão → Devolvida';
 * 'Edição'; 'Comentário'), when (DD/MM/YYYY HH:mm, Brasília time) and a
 * changed value as text, blank as '—'. Pure, so the history view and its
 * tests read the same words.
 */
import { REVIEW_ACTION_LABELS, SAMPLE_STATE_LABELS, type SampleEvent } from '@sync/contract/samples';
import { formatInstantTimeBR } from '@/domain/dates';
import { REVIEW_TEXTS } from './review-texts';

const T = REVIEW_TEXTS.history;

export function eventTitle(event: Pick<SampleEvent, 'kind' | 'action' | 'from_state' | 'to_state'>): string {
  if (event.kind === 'edit') return T.edit;
  if (event.kind === 'comment') return T.comment;
  const action = event.action ? REVIEW_ACTION_LABELS[event.action] : '';
  const move = event.from_state && event.to_state ? `${SAMPLE_STATE_LABELS[event.from_state]} → ${SAMPLE_STATE_LABELS[event.to_state]}` : '';
  return [action, move].filter(Boolean).join(' — ');
}

export function eventWhen(event: Pick<SampleEvent, 'at'>): string {
  return formatInstantTimeBR(event.at);
}

export function valueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return T.empty_value;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.length === 0 ? T.empty_value : value.map((item) => valueText(item)).join(', ');
  }
  return JSON.stringify(value);
}
