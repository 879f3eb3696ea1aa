/**
 * Sending a quotation (spec sections 7 and 8): the bodies and answers of
 * `POST api/quotation/{id}/send/email` (message, email, quotation_id) and
 * `POST api/quotation/{id}/send/whatsapp` (message, phone, quotation_id),
 * their Portuguese messages (the message may hold line breaks; the
 * WhatsApp phone must be a Brazilian number: `whatsappPhone`), and the
 * filling of a message template with a quotation's placeholders ({cliente},
 * {contato}, {tipo_documento}, {documento}, {total}, {total_extenso},
 * {orcamento}), shared by the server
 * (the e-mail it sends, the PDF's texts) and the device (the message shown
 * for editing, the PDF printed offline).
 */
import { z } from 'zod';
import { maskDocument } from '@/domain/masks';
import { formatBRL, type Cents } from '@/domain/money';
import { reaisInWords } from '@/domain/number-words';
import { whatsappPhone } from '@/domain/whatsapp-link';
import { FIELD_MESSAGES, isStorableText, TEXT_LIMITS } from './fields';
import { fillPlaceholders, type PlaceholderCustomer } from './message-template';
import { MESSAGE_PLACEHOLDERS as P } from './settings';

export const QUOTATION_SEND_MESSAGES = {
  sent: 'Orçamento enviado com sucesso',
  emailRequired: 'E-mail é obrigatório',
  emailInvalid: 'E-mail é inválido',
  messageRequired: 'A mensagem é obrigatória',
  messageTooLong: 'Mensagem muito longa',
  phoneInvalid: 'Telefone inválido: informe o DDD e o número',
  sendFailed: 'Não foi possível enviar o e-mail agora. Tente novamente em alguns minutos.',
  emailSubject: (number: string, company: string) => `Orçamento nº ${number}${company ? ` — ${company}` : ''}`,
  /** The attachment's file name. */
  fileName: (number: string) => `orcamento-${number.replace(/[^0-9A-Za-z-]+/g, '-')}.pdf`,
} as const;

/** The message settings each send starts from (spec section 3: sendMessage is the e-mail body). */
export const SEND_TEMPLATE_OPTIONS = { email: 'message_sendMessage', whatsapp: 'message_sendMessageWhats' } as const;

/** The message: line breaks allowed, no U+0000 nor lone surrogate (sync/contract/fields.ts). */
const message = z
  .string({ error: QUOTATION_SEND_MESSAGES.messageRequired })
  .trim()
  .min(1, QUOTATION_SEND_MESSAGES.messageRequired)
  .max(TEXT_LIMITS.message, QUOTATION_SEND_MESSAGES.messageTooLong)
  .refine(isStorableText, FIELD_MESSAGES.invalidCharacter);
const quotationId = z.number().int().positive().optional();

export const quotationEmailInputSchema = z.object({
  message,
  email: z
    .string({ error: QUOTATION_SEND_MESSAGES.emailRequired })
    .trim()
    .min(1, QUOTATION_SEND_MESSAGES.emailRequired)
    .max(TEXT_LIMITS.email, QUOTATION_SEND_MESSAGES.emailInvalid)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, QUOTATION_SEND_MESSAGES.emailInvalid)
    .refine(isStorableText, QUOTATION_SEND_MESSAGES.emailInvalid),
  /** As documented; the path's id is the one used. */
  quotation_id: quotationId,
});
export type QuotationEmailInput = z.input<typeof quotationEmailInputSchema>;

/**
 * The phone as typed, masked or not ('(11) 98765-4321', '+55 11 98765-4321'):
 * only digits and the mask's characters, and a Brazilian number once reduced
 * to its digits (`whatsappPhone`: area code and number, 55 in front
 * optional). Kept as typed on the wire; the link is made from its digits.
 */
const whatsappPhoneField = z
  .string({ error: QUOTATION_SEND_MESSAGES.phoneInvalid })
  .trim()
  .min(1, QUOTATION_SEND_MESSAGES.phoneInvalid)
  .max(TEXT_LIMITS.phone, QUOTATION_SEND_MESSAGES.phoneInvalid)
  .refine((phone) => whatsappPhone(phone) !== null, QUOTATION_SEND_MESSAGES.phoneInvalid);

export const quotationWhatsappInputSchema = z.object({
  message,
  phone: whatsappPhoneField,
  quotation_id: quotationId,
});
export type QuotationWhatsappInput = z.input<typeof quotationWhatsappInputSchema>;

export const quotationEmailAnswerSchema = z.object({ message: z.string() });
/** The answer of the WhatsApp call: the link the device opens in a new tab. */
export const quotationWhatsappAnswerSchema = z.object({ message: z.string(), link: z.string() });

export interface PlaceholderQuotation {
  /** The server's number; null before the first sync (the placeholder then stays empty). */
  referenceNo: string | null;
  totalCents: Cents;
}

/**
 * A template with every placeholder filled: the customer's (as
 * fillCustomerPlaceholders fills them) and the quotation's total, total in
 * words and number. A caller that has no number yet may pass the
 * placeholder itself as `referenceNo` to keep it for the server.
 */
export function fillQuotationPlaceholders(template: string, customer: PlaceholderCustomer, quotation: PlaceholderQuotation): string {
  return fillPlaceholders(template, {
    [P.customerName]: customer.name,
    [P.contact]: customer.contactName || customer.name,
    [P.documentType]: customer.type === 'corporate' ? 'CNPJ' : 'CPF',
    [P.document]: customer.document ? maskDocument(customer.type, customer.document) : '',
    [P.total]: formatBRL(quotation.totalCents),
    [P.totalInWords]: reaisInWords(quotation.totalCents),
    [P.quotationId]: quotation.referenceNo ?? '',
  });
}
