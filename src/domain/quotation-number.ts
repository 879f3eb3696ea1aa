/**
 * How a quotation's number is shown, in one place for the screens (the
 * quotations and the sample screens) and the documents (src/pdf, which may
 * import src/domain).
 *
 * The number is the server's `reference_no`, "{id}/{year}" as it assigns it
 * on create (server/routes/quotations/reference-number.ts): '5/2026'. The
 * rules where it is missing:
 * - a record that knows only the quotation's server id (a sample on a
 *   device without the quotations list: the samples module alone does not
 *   pull quotations) shows that id ('5'), as the server does for a quotation
 *   without a reference (server/routes/quotations/load.ts);
 * - a quotation made on this device and not sent yet has neither: it shows
 *   `QUOTATION_NUMBER_PENDING` (or the caller's own text), never a number
 *   that could change.
 */

/** What a quotation shows before the server numbers it (the quotations list's text). */
export const QUOTATION_NUMBER_PENDING = 'Novo, aguardando sincronização';

/** What the number is read from: the quotation itself, or what a sample knows of it. */
export interface QuotationNumberSource {
  reference_no?: string | null;
  id?: number | null;
}

/** The quotation's number ('5/2026'; '5' when only its id is known), or null when the server has not numbered it yet. */
export function quotationNumberOf(quotation: QuotationNumberSource | null | undefined): string | null {
  const reference = quotation?.reference_no?.trim();
  if (reference) return reference;
  const id = quotation?.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? String(id) : null;
}

/** The quotation's number as the screens show it: `quotationNumberOf`, else `pending`. */
export function formatQuotationNumber(quotation: QuotationNumberSource | null | undefined, pending: string = QUOTATION_NUMBER_PENDING): string {
  return quotationNumberOf(quotation) ?? pending;
}
