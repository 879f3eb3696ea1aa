/**
 * The placeholders a send message may still hold, filled from the
 * quotation as the server has it (the same fill as the device's and the
 * PDF's: sync/contract/quotation-send.ts).
 */
import { fillQuotationPlaceholders } from '@sync/contract/quotation-send';
import type { QuotationPdfInput } from '@/pdf/quotation';

export function fillSendMessage(message: string, input: QuotationPdfInput, totalCents: number): string {
  const { customer, quotation } = input;
  return fillQuotationPlaceholders(
    message,
    { name: customer.name, type: customer.type, document: customer.document, contactName: customer.contactName },
    { referenceNo: quotation.reference_no, totalCents },
  );
}
