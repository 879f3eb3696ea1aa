/**
 * The samples lists as pure functions of the device's records: the groups
 * by quotation ('Amostras') and one quotation's samples filtered by type
 * and searched ('Agente, funcionário'), each paged by 10 (spec section 9).
 * Read in memory: a quotation's samples, and the quotations with samples,
 * are few, and two conditions (quotation and type) do not fit one index.
 */
import { PAGE_SIZE } from '@sync/contract/list';
import { sampleStateOf, sampleTypeById, type SampleState } from '@sync/contract/samples';
import type { LocalPageState } from '@sync/react/use-local-page';
import { type LocalQuotation, type LocalSample, matchesAllWords, queryWordsOf, wordsOf } from '@sync/react';
import { quotationNumberOf } from '@/domain/quotation-number';

export interface SampleGroup {
  /** The quotation's route parameter: its server id, or its local key before it has one. */
  quotationParam: string;
  quotationId: number | null;
  /**
   * The quotation's number as every sample screen shows it (quotationNumberOf: its reference '5/2026' when
   * this device has the quotation, else its id); '' before the server numbers it.
   */
  quotationLabel: string;
  company: string;
  customerId: number | null;
  count: number;
  /** DD/MM/YYYY of the plan (the quotation's, else the first sample's). */
  createdAt: string;
  /** For ordering: newest plan first. */
  sortKey: string;
}

/**
 * A link in the samples lists (a sample's number, a quotation's number, the
 * customer) as a touch target: at least 44 × 44 px (FIELD-UX 'Sizes on a
 * tablet') with a mouse too, not only where the browser reports a touch
 * screen (src/app/shell.css). The rows are at least as tall: each has its
 * 44 px buttons (Opções).
 */
export const LIST_LINK_STYLE = { display: 'inline-flex', alignItems: 'center', minHeight: 44, minWidth: 44 } as const;

/** Two records name one quotation when the local key or the server id agrees. */
function quotationOf(sample: LocalSample): string {
  return sample.quotation_id !== null ? `id:${sample.quotation_id}` : `key:${sample.quotation_key ?? ''}`;
}

function localDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
}

/** The creation date a sample shows ('Criado em'): the server's, else when this device made it. */
export function sampleCreatedAt(sample: Pick<LocalSample, 'f_created_at' | 'created_at' | '_local_at'>): string {
  return sample.f_created_at ?? localDate(sample.created_at ?? sample._local_at);
}

export function groupSamples(samples: readonly LocalSample[], quotations: readonly LocalQuotation[]): SampleGroup[] {
  const byKey = new Map(quotations.map((quotation) => [quotation.key, quotation]));
  const byId = new Map(quotations.filter((q) => q.id !== null).map((quotation) => [quotation.id!, quotation]));
  const groups = new Map<string, SampleGroup>();
  for (const sample of samples) {
    const id = quotationOf(sample);
    const existing = groups.get(id);
    if (existing) {
      existing.count += 1;
      const stamp = sample.created_at ?? sample._local_at ?? '';
      if (stamp && stamp < existing.sortKey) existing.sortKey = stamp;
      continue;
    }
    const quotation =
      (sample.quotation_key ? byKey.get(sample.quotation_key) : undefined) ?? (sample.quotation_id ? byId.get(sample.quotation_id) : undefined);
    const quotationId = sample.quotation_id ?? quotation?.id ?? null;
    groups.set(id, {
      quotationParam: quotationId !== null ? String(quotationId) : (sample.quotation_key ?? ''),
      quotationId,
      quotationLabel: quotationNumberOf({ reference_no: quotation?.reference_no, id: quotationId }) ?? '',
      company: sample.company_name ?? quotation?.customer_name ?? '',
      customerId: sample.customer_id ?? quotation?.customer_id ?? null,
      count: 1,
      createdAt: quotation?.f_created_at ?? sampleCreatedAt(sample),
      sortKey: quotation?.created_at ?? sample.created_at ?? sample._local_at ?? '',
    });
  }
  return [...groups.values()].sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0));
}

/** Search of the grouped list: company name (word prefixes) or the quotation's id or number. */
export function matchesGroup(group: SampleGroup, search: string): boolean {
  const text = search.trim();
  if (!text) return true;
  if (/^\d+(\/\d*)?$/.test(text)) return group.quotationLabel.startsWith(text) || String(group.quotationId ?? '').startsWith(text);
  return matchesAllWords(wordsOf(`${group.company} ${group.quotationLabel}`), queryWordsOf(text));
}

/**
 * The samples of one quotation (by server id or local key; `quotationKey` is
 * its local key when this device has it, so samples made here before the
 * quotation had its id count too), of a type and in a review state when
 * given, matching the search (agent, employee), by number.
 */
export function quotationSamples(
  samples: readonly LocalSample[],
  quotationParam: string,
  typeId: number | null,
  search: string,
  quotationKey?: string | null,
  state: SampleState | null = null,
): LocalSample[] {
  const byId = /^\d+$/.test(quotationParam) ? Number(quotationParam) : null;
  const key = byId === null ? quotationParam : (quotationKey ?? null);
  const words = queryWordsOf(search);
  return samples
    .filter((sample) => (byId !== null && sample.quotation_id === byId) || (key !== null && sample.quotation_key === key))
    .filter((sample) => typeId === null || sample.type_id === typeId)
    .filter((sample) => state === null || sampleStateOf(sample) === state)
    .filter((sample) => words.length === 0 || matchesAllWords(wordsOf(`${sample.agent_name ?? ''} ${sample.employee ?? ''}`), words))
    .sort((a, b) => (a.sample_no ?? Number.MAX_SAFE_INTEGER) - (b.sample_no ?? Number.MAX_SAFE_INTEGER));
}

/** One page of rows, in the shape the list scaffold reads. */
export function pageOf<T>(rows: readonly T[], page: number): LocalPageState<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  return {
    loading: false,
    rows: rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total: rows.length,
    page,
    pageSize: PAGE_SIZE,
    pageCount,
  };
}

export function sampleTypeName(typeId: number | null | undefined): string {
  return sampleTypeById(typeId)?.name ?? '';
}

/** The next number for a sample added in the field: after the highest this device knows for the quotation. */
export function nextSampleNo(samples: readonly LocalSample[]): number {
  return samples.reduce((max, sample) => Math.max(max, sample.sample_no ?? 0), 0) + 1;
}
