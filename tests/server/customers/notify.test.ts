/**
 * 'Notificar por e-mail' (`POST api/customer/{id}/send/email`) through a
 * real SMTP server on loopback: the template setting with its placeholders
 * filled, a message and recipient of the user's choosing, one e-mail per
 * Idempotency-Key, the refusals, and an SMTP failure reported (and not
 * remembered, so a retry sends).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '@sync/contract/customers';
import { insertCustomer } from '@server/db/demo/records';
import { createSmtpMailer } from '@server/mail/mailer';
import { header, plainText, startSmtpServer } from '../helpers/smtp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from '../catalog/support';
import { createCustomer, DOCS } from './support';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Api;
let customerId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ mailer: createSmtpMailer(smtp.url, 'Higiene <nao-responda@empresa.com.br>') });
  admin = api(t, await adminToken(t));
  customerId = (
    await createCustomer(t, await adminToken(t), {
      name: 'Metalúrgica Horizonte Ltda',
      email: 'contato@horizonte.com.br',
      contact: { name: 'Carla Mendes', email: 'carla@horizonte.com.br' },
    })
  ).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('the new files e-mail', () => {
  it('sends the template to the customer, placeholders filled, with a link to the customer', async () => {
    const reply = await admin.post(`/api/customer/${customerId}/send/email`, { message: '', email: null });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: 'Notificação de novos arquivos enviada com sucesso' });
    const mail = await smtp.waitFor(1);
    expect(mail.to).toEqual(['contato@horizonte.com.br']);
    expect(header(mail.raw, 'Subject')).toContain('=?UTF-8?');
    const text = plainText(mail.raw);
    expect(text).toContain('Olá, Carla Mendes!');
    expect(text).toContain('Novos arquivos de Metalúrgica Horizonte Ltda foram disponibilizados.');
    expect(text).toContain(`http://app.test/admin/clientes/${customerId}`);
  });

  it('uses the template as the settings have it', async () => {
    ok(
      await admin.put('/api/settings', {
        options: [
          {
            option: 'message_sendMessageNewFilesUpload',
            value: 'Prezado(a) {contato}: arquivos de {cliente} ({tipo_documento} {documento}).{total}',
          },
        ],
      }),
    );
    const count = smtp.received.length;
    ok(await admin.post(`/api/customer/${customerId}/send/email`, {}));
    const text = plainText((await smtp.waitFor(count + 1)).raw);
    expect(text).toContain(`Prezado(a) Carla Mendes: arquivos de Metalúrgica Horizonte Ltda (CNPJ ${DOCS.cnpjMasked}).`);
    expect(text).not.toContain('{total}');
  });

  it('sends the message written by the user to the address given', async () => {
    const count = smtp.received.length;
    ok(
      await admin.post(`/api/customer/${customerId}/send/email`, {
        message: 'Olá, {contato}!\nSeguem os laudos de <ruído>.',
        email: 'sesmt@horizonte.com.br',
      }),
    );
    const mail = await smtp.waitFor(count + 1);
    expect(mail.to).toEqual(['sesmt@horizonte.com.br']);
    expect(plainText(mail.raw)).toContain('Olá, Carla Mendes!\nSeguem os laudos de <ruído>.');
    expect(mail.raw).toContain('&lt;ru');
  });

  it('sends one e-mail for a request repeated with the same Idempotency-Key', async () => {
    const count = smtp.received.length;
    const headers = { 'idempotency-key': 'notificar-arquivos-1' };
    const first = await admin.post(`/api/customer/${customerId}/send/email`, { message: 'Uma vez só' }, headers);
    const second = await admin.post(`/api/customer/${customerId}/send/email`, { message: 'Uma vez só' }, headers);
    expect(first.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    await smtp.waitFor(count + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(count + 1);
  });

  it('falls back to the contact e-mail, and refuses when there is none or it is malformed', async () => {
    const onlyContact = await insertCustomer(t.db, { name: 'Sem e-mail', type: 'corporate', contact: { name: 'Zé', email: 'ze@obra.com.br' } });
    const count = smtp.received.length;
    ok(await admin.post(`/api/customer/${onlyContact}/send/email`, {}));
    expect((await smtp.waitFor(count + 1)).to).toEqual(['ze@obra.com.br']);

    const nobody = await insertCustomer(t.db, { name: 'Ninguém', type: 'corporate' });
    const refused = await admin.post(`/api/customer/${nobody}/send/email`, {});
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'E-mail é obrigatório', errors: { email: ['E-mail é obrigatório'] } });
    const malformed = await admin.post(`/api/customer/${customerId}/send/email`, { email: 'sesmt@' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.email).toEqual(['E-mail é inválido']);
    expect((await admin.post('/api/customer/999999/send/email', {})).status).toBe(404);
  });

  it('reports an SMTP failure, and a retry with the same key runs again', async () => {
    await smtp.close();
    const headers = { 'idempotency-key': 'notificar-sem-smtp' };
    const failed = await admin.post(`/api/customer/${customerId}/send/email`, {}, headers);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ message: CUSTOMER_MESSAGES.notificationFailed });
    const retried = await admin.post(`/api/customer/${customerId}/send/email`, {}, headers);
    expect(retried.status).toBe(502);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });
});
