/** What the screens show for a quotation's number and creation day, before and after the server has it. */
import type { LocalQuotation } from '@sync/react';
import { formatQuotationNumber } from '@/domain/quotation-number';
import { formatInstantBR } from '@/ui/format';
import { QUOTATION_TEXTS } from './quotation-texts';

/** Número: the server's reference number, or the decided text while the quotation was not sent yet (the one formatter, src/domain). */
export function quotationNumber(quotation: Pick<LocalQuotation, 'reference_no'>): string {
  return formatQuotationNumber(quotation, QUOTATION_TEXTS.noNumberYet);
}

/** Criado em: the server's date, or the day it was made here while not sent yet. */
export function quotationCreatedAt(quotation: Pick<LocalQuotation, 'f_created_at'> & { _local_at?: string | null }): string {
  if (quotation.f_created_at) return quotation.f_created_at;
  return quotation._local_at ? formatInstantBR(quotation._local_at) : '';
}
