/**
 * Sending a quotation (spec sections 7 and 8): the e-mail through a real
 * SMTP server with the PDF attached (read back: the customer and the total),
 * the message's placeholders filled, `sent_mail_at` stamped, exactly one
 * e-mail when the request is retried with the same Idempotency-Key, the
 * company's e-mail as Reply-To (the sender is a no-reply address); the
 * WhatsApp link and `sent_whatsapp_at`; the refusals.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quotation } from '@sync/contract/quotations';
import { QUOTATION_SEND_MESSAGES } from '@sync/contract/quotation-send';
import { options } from '@server/db/schema';
import { createSmtpMailer } from '@server/mail/mailer';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { header, plainText, startSmtpServer } from '../helpers/smtp';
import { readPdf } from '../helpers/pdf-text';
import { adminToken, api, catalogCast, ok, type Api } from '../catalog/support';
import { createCustomer } from '../customers/support';
import { createQuotation } from './support';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let admin: Api;
let customerId: number;

/** The first application/pdf part of a MIME message, decoded. */
function pdfAttachment(raw: string): { filename: string | undefined; bytes: Buffer } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const part = normalized.split(/\n--[^\n]*\n/).find((entity) => /^Content-Type: application\/pdf/im.test(entity));
  if (!part) throw new Error('no PDF attachment');
  const split = part.indexOf('\n\n');
  const headers = part.slice(0, split);
  const body = part.slice(split + 2).replace(/\n--[\s\S]*$/, '');
  expect(headers).toMatch(/^Content-Transfer-Encoding: base64/im);
  return { filename: /filename="?([^"\n;]+)"?/i.exec(headers)?.[1], bytes: Buffer.from(body.replace(/\s/g, ''), 'base64') };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ mailer: createSmtpMailer(smtp.url, 'Higiene <nao-responda@empresa.com.br>') });
  admin = api(t, await adminToken(t));
  customerId = (await createCustomer(t, await adminToken(t), { name: 'Fundição Três Irmãos Ltda', contact: { name: 'Joana Araújo' } })).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('POST api/quotation/{id}/send/email', () => {
  it('sends one e-mail with the PDF attached and the placeholders filled, stamps sent_mail_at, and a retry with the same key sends nothing more', async () => {
    const quotation = await createQuotation(admin, customerId);
    const before = smtp.received.length;
    const body = {
      message: 'Olá, {contato}!\nSegue o orçamento nº {orcamento}: {total} ({total_extenso}).',
      email: 'compras@fundicao.com.br',
      quotation_id: quotation.id,
    };
    const key = { 'idempotency-key': `email-${quotation.id}` };
    t.clock.advance(1000);
    const first = await admin.post(`/api/quotation/${quotation.id}/send/email`, body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ message: QUOTATION_SEND_MESSAGES.sent });
    const mail = await smtp.waitFor(before + 1);
    expect(mail.to).toEqual(['compras@fundicao.com.br']);
    expect(header(mail.raw, 'Subject')).toBeDefined();
    expect(plainText(mail.raw)).toContain(
      `Olá, Joana Araújo!\nSegue o orçamento nº ${quotation.reference_no}: R$ 1.234,56 (mil duzentos e trinta e quatro reais e cinquenta e seis centavos).`,
    );
    const attachment = pdfAttachment(mail.raw);
    expect(attachment.filename).toBe(QUOTATION_SEND_MESSAGES.fileName(quotation.reference_no));
    const pdf = await readPdf(attachment.bytes);
    expect(pdf.text).toContain('Fundição Três Irmãos Ltda');
    expect(pdf.text.replace(/\u00a0/g, ' ')).toContain('R$ 1.234,56');

    const stamped: Quotation = ok(await admin.get(`/api/quotation/${quotation.id}`));
    expect(stamped.sent_mail_at).toBe(new Date(t.clock.now()).toISOString());
    expect(Date.parse(stamped.updated_at)).toBeGreaterThan(Date.parse(quotation.updated_at));

    // The answer was lost: the device sends the same command again with its key.
    t.clock.advance(5000);
    const retry = await admin.post(`/api/quotation/${quotation.id}/send/email`, body, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(before + 1);
    expect(ok(await admin.get(`/api/quotation/${quotation.id}`)).sent_mail_at).toBe(stamped.sent_mail_at);
  });

  it.each([
    ['the company e-mail when Configurações has one', 'contato@higieneacao.com.br', 'contato@higieneacao.com.br'],
    ['nothing when the company e-mail is blank', '', undefined],
    ['nothing when the company e-mail is not an address', 'contato arroba empresa', undefined],
  ])('goes from the no-reply sender with Reply-To: %s', async (_case, companyEmail, replyTo) => {
    await t.db.update(options).set({ value: companyEmail }).where(eq(options.option, 'company_email'));
    const quotation = await createQuotation(admin, customerId);
    const before = smtp.received.length;
    const reply = await admin.post(`/api/quotation/${quotation.id}/send/email`, { message: 'Segue o orçamento.', email: 'compras@fundicao.com.br' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const mail = await smtp.waitFor(before + 1);
    expect(header(mail.raw, 'From')).toContain('nao-responda@empresa.com.br');
    expect(header(mail.raw, 'Reply-To')).toBe(replyTo);
  });

  it('refuses a missing or invalid e-mail, an empty message, an unknown quotation and callers without the module, sending nothing', async () => {
    const quotation = await createQuotation(admin, customerId);
    const before = smtp.received.length;
    const path = `/api/quotation/${quotation.id}/send/email`;
    const cases: Array<[unknown, number, string]> = [
      [{ message: 'Oi', email: '' }, 400, QUOTATION_SEND_MESSAGES.emailRequired],
      [{ message: 'Oi', email: 'sem-arroba' }, 400, QUOTATION_SEND_MESSAGES.emailInvalid],
      [{ message: '  ', email: 'a@b.com' }, 400, QUOTATION_SEND_MESSAGES.messageRequired],
    ];
    for (const [body, status, message] of cases) {
      const reply = await admin.post(path, body);
      expect(reply.status).toBe(status);
      expect(reply.body.message).toBe(message);
    }
    expect((await admin.post('/api/quotation/999999/send/email', { message: 'Oi', email: 'a@b.com' })).status).toBe(404);
    const cast = await catalogCast(t);
    expect((await api(t, cast.noModule).post(path, { message: 'Oi', email: 'a@b.com' })).status).toBe(403);
    expect((await api(t, cast.customer).post(path, { message: 'Oi', email: 'a@b.com' })).status).toBe(403);
    expect(smtp.received.length).toBe(before);
    expect(ok(await admin.get(`/api/quotation/${quotation.id}`)).sent_mail_at).toBeNull();
  });
});

describe('POST api/quotation/{id}/send/whatsapp', () => {
  it('answers the wa.me link with the message filled and stamps sent_whatsapp_at', async () => {
    const quotation = await createQuotation(admin, customerId);
    t.clock.advance(1000);
    const reply = await admin.post(`/api/quotation/${quotation.id}/send/whatsapp`, {
      phone: '(11) 98765-4321',
      message: 'Orçamento {orcamento}: {total}',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({
      message: QUOTATION_SEND_MESSAGES.sent,
      link: `https://wa.me/5511987654321?text=${encodeURIComponent(`Orçamento ${quotation.reference_no}: R$ 1.234,56`)}`,
    });
    expect(ok(await admin.get(`/api/quotation/${quotation.id}`)).sent_whatsapp_at).toBe(new Date(t.clock.now()).toISOString());
  });

  it('refuses a phone that cannot be a WhatsApp number', async () => {
    const quotation = await createQuotation(admin, customerId);
    const reply = await admin.post(`/api/quotation/${quotation.id}/send/whatsapp`, { phone: '4321', message: 'Oi' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: QUOTATION_SEND_MESSAGES.phoneInvalid, errors: { phone: [QUOTATION_SEND_MESSAGES.phoneInvalid] } });
    expect(ok(await admin.get(`/api/quotation/${quotation.id}`)).sent_whatsapp_at).toBeNull();
  });
});
