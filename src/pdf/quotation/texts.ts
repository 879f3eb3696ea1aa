/**
 * The message settings' texts as the documents print them: the template
 * (plain text, the old editor's HTML, or tiptap JSON) with the quotation's
 * placeholders filled, as pdfmake content. In JSON the placeholders are
 * filled inside each text node, so a customer name with quotes cannot break
 * the document.
 */
import type { Content } from 'pdfmake/interfaces';
import { toCents } from '@/domain/money';
import { fillQuotationPlaceholders } from '@sync/contract/quotation-send';
import { richTextToPdf, type RichNode, toRichNode } from '../rich-text';
import type { QuotationPdfInput } from './input';

export type Fill = (template: string) => string;

/** Printed where a text names the quotation's number before the server has given one (never a number that could change). */
export const NUMBER_PENDING = '(número atribuído na sincronização)';

/** The fill of one document: the customer's and the quotation's placeholders. */
export function placeholderFill(input: QuotationPdfInput, totalCents: number | null): Fill {
  const { customer, quotation } = input;
  return (template) =>
    fillQuotationPlaceholders(
      template,
      { name: customer.name, type: customer.type, document: customer.document, contactName: customer.contactName },
      { referenceNo: quotation.reference_no ?? NUMBER_PENDING, totalCents: totalCents ?? 0 },
    );
}

function fillNode(node: RichNode, fill: Fill): RichNode {
  return {
    ...node,
    ...(typeof node.text === 'string' ? { text: fill(node.text) } : {}),
    ...(node.content ? { content: node.content.map((child) => fillNode(child, fill)) } : {}),
  };
}

/** The setting `option`'s text, filled, as content (nothing when the setting is empty). */
export function messageText(settings: Readonly<Record<string, string>>, option: string, fill: Fill): Content[] {
  const template = settings[option];
  if (!template || template.trim() === '') return [];
  const trimmed = template.trim();
  if (trimmed.startsWith('{')) {
    const node = toRichNode(trimmed);
    if (node?.type) return richTextToPdf(fillNode(node, fill));
  }
  return richTextToPdf(fill(template));
}

/** A money wire value (reais) as centavos, 0 when missing. */
export const centsOf = (reais: number | null | undefined) => toCents(reais) ?? 0;
