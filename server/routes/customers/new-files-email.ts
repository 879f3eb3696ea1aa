/**
 * The "new files" notification (spec: 'Notificar por e-mail', message
 * template `sendMessageNewFilesUpload`): the message the user wrote, or the
 * template, with the placeholders of MESSAGE_PLACEHOLDERS filled from the
 * customer ({total}, {total_extenso} and {orcamento} belong to quotations
 * and become empty), followed by a link to the customer's page. The message
 * is plain text; the HTML part escapes it.
 */
import type { Customer } from '@sync/contract/customers';
import { fillCustomerPlaceholders as fillTemplate } from '@sync/contract/message-template';
import type { MailMessage } from '@server/mail/mailer';

export const NEW_FILES_TEMPLATE_OPTION = 'message_sendMessageNewFilesUpload';

/** The message with the customer's placeholders filled (the same fill as the screens'). */
export function fillCustomerPlaceholders(template: string, customer: Customer): string {
  return fillTemplate(template, { name: customer.name, type: customer.type, document: customer.document, contactName: customer.contact_name });
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
