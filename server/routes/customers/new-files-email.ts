/**
 * The "new files" notification (spec: 'Notificar por e-mail', message
 * template `sendMessageNewFilesUpload`): the message the user wrote, or the
 * template, with the placeholders of MESSAGE_PLACEHOLDERS filled from the
 * customer ({total}, {total_extenso} and {orcamento} belong to quotations
 * and become empty), followed by a link to the customer's page. The message
 * is plain text; the HTML part escapes it.
 */
import type { Customer } from '../../../sync/contract/customers';
import { MESSAGE_PLACEHOLDERS as P } from '../../../sync/contract/settings';
import { maskDocument } from '../../../src/domain/masks';
import type { MailMessage } from '../../mail/mailer';

export const NEW_FILES_TEMPLATE_OPTION = 'message_sendMessageNewFilesUpload';

export function fillCustomerPlaceholders(template: string, customer: Customer): string {
  const values: Record<string, string> = {
    [P.customerName]: customer.name,
    [P.contact]: customer.contact_name || customer.name,
    [P.documentType]: customer.type === 'corporate' ? 'CNPJ' : 'CPF',
    [P.document]: customer.document ? maskDocument(customer.type, customer.document) : '',
    [P.total]: '',
    [P.totalInWords]: '',
    [P.quotationId]: '',
  };
  return Object.entries(values).reduce((text, [placeholder, value]) => text.split(placeholder).join(value), template);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function customerPageLink(publicUrl: string, customerId: number): string {
  return `${publicUrl}/admin/clientes/${customerId}`;
}

export function newFilesEmail(input: { to: string; customer: Customer; message: string; link: string }): MailMessage {
  const { to, customer, message, link } = input;
  const body = message.trim();
  const text = `${body}\n\nArquivos de ${customer.name}:\n${link}\n`;
  const html = `${body
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n')}
<p><a href="${escapeHtml(link)}">Ver os arquivos de ${escapeHtml(customer.name)}</a></p>`;
  return { to, subject: `Novos arquivos disponíveis: ${customer.name}`, text, html };
}
