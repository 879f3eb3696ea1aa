/**
 * Paginator arithmetic (spec sections 2 and 9): 10 records per page,
 * skip = 10 × (page − 1), the label 'Mostrando X a Y de Z registros' or
 * 'Nenhum resultado encontrado', and whether Anterior/Proximo apply.
 */
import { PAGE_SIZE } from '@sync/contract/list';

export const EMPTY_PAGE_LABEL = 'Nenhum resultado encontrado';

export interface PageWindow {
  page: number;
  pageSize: number;
  total: number;
  /** Records to skip for this page (the `{skip}` of the list calls). */
  skip: number;
  /** 1-based position of the first record shown; 0 when nothing is shown. */
  from: number;
  /** 1-based position of the last record shown; 0 when nothing is shown. */
  to: number;
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
  label: string;
}

/** A page number from a route parameter: a positive integer, else 1. */
export function parsePageParam(raw: unknown): number {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d+$/.test(text)) return 1;
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export function pageWindow(page: number, total: number, pageSize: number = PAGE_SIZE): PageWindow {
  const safePage = Number.isInteger(page) && page >= 1 ? page : 1;
  const safeTotal = Number.isInteger(total) && total > 0 ? total : 0;
  const skip = pageSize * (safePage - 1);
  const pageCount = Math.ceil(safeTotal / pageSize);
  const shown = skip < safeTotal;
  const from = shown ? skip + 1 : 0;
  const to = shown ? Math.min(skip + pageSize, safeTotal) : 0;
  return {
    page: safePage,
    pageSize,
    total: safeTotal,
    skip,
    from,
    to,
    pageCount,
    hasPrevious: safePage > 1,
    hasNext: safePage < pageCount,
    label: shown ? `Mostrando ${from} a ${to} de ${safeTotal} registros` : EMPTY_PAGE_LABEL,
  };
}
