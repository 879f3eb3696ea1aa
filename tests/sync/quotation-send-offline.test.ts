/**
 * Issue 11's sync scenario, through the real server behind the fault proxy
 * and a real SMTP server: offline, a customer is created (as the
 * 'Adicionar Cliente' modal does) and a quotation for it with 3 agent rows,
 * 2 services and 1 cost; its status is changed, it is duplicated (as the
 * page's Duplicar does: a local copy) and an e-mail is queued. Then the
 * network misbehaves: a dropped create, lost answers on the quotation, the
 * status change and the e-mail, a 503 on the e-mail. Afterwards the server
 * holds one customer, two quotations with the right totals, one status
 * change, and exactly one e-mail went out, with the PDF attached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotationSchema, type Quotation } from '@sync/contract/quotations';
import { runCommand } from '@sync/engine/commands';
import { saveRecord } from '@sync/engine/mutations';
import { createSmtpMailer, type Mailer } from '@server/mail/mailer';
import { startSmtpServer } from '../server/helpers/smtp';
import { liveRecords } from './support/convergence';
import type { TestClient } from './support/sync-client';
import { useSyncServer } from './support/test-bed';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let smtpMailer: Mailer | undefined;
// Registered before the server's hooks: the SMTP server is up before the app starts.
beforeAll(async () => {
  smtp = await startSmtpServer();
  smtpMailer = createSmtpMailer(smtp.url, 'Higiene <nao-responda@empresa.com.br>');
});
afterAll(async () => {
  await smtp.close();
});
const { server, device } = useSyncServer({ mailer: { send: (message) => smtpMailer!.send(message) } });

async function serverGet<T>(client: TestClient, path: string): Promise<T> {
  const response = await fetch(`${server.directUrl}${path}`, { headers: { authorization: `Bearer ${(await client.auth.getAccessToken())!}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

// 3 agent rows 2 × 300 + 1 × 150,50 + 4 × 75,25 = 1.051,50; services 1 × 900 + 2 × 120 = 1.140; cost 1 × 89,90.
// Subtotal 2.281,40; 10 % off = 2.053,26; in 2 = 1.026,63.
const TOTALS = { subtotal: 2281.4, total: 2053.26, parcel_value: 1026.63 };

describe('a quotation made and e-mailed offline', () => {
  it('reaches the server once, with one status change and exactly one e-mail, through faults', async () => {
    const client = await device();
    const name = `Fundição Conceição ${Date.now().toString(36)}`;
    // Offline at the client's site: nothing below touches the network.
    const customer = await saveRecord(client.db, 'customers', null, {
      name,
      type: 'corporate',
      email: 'compras@conceicao.com.br',
      phone: '(19) 3232-1010',
      contact: { name: 'Márcia Souza' },
    });
    const fields = {
      customer_key: customer,
      valid_at: '2026-12-31',
      rows: [
        { name: 'Ruído contínuo', sector: 'Fundição', function: 'Forneiro', quantity: 2, value: 300 },
        { name: 'Sílica cristalina', sector: 'Moldagem', quantity: 1, value: 150.5, exposition_type_id: 2 },
        { name: 'Calor', sector: 'Fornos', quantity: 4, value: 75.25 },
      ],
      services: [
        { name: 'Relatório técnico', quantity: 1, value: 900 },
        { name: 'Visita técnica', quantity: 2, value: 120 },
      ],
      costs: [{ name: 'Deslocamento', quantity: 1, value: 89.9 }],
      discount: 10,
      parcel: 2,
      total: 0,
    };
    const quotation = await saveRecord(client.db, 'quotations', null, fields);
    await runCommand(client.db, 'quotations', quotation, 'status', { status: 'pending', markAsSent: false });
    const copy = await saveRecord(client.db, 'quotations', null, { ...fields, customer_key: customer });
    await runCommand(client.db, 'quotations', quotation, 'sendEmail', {
      email: 'compras@conceicao.com.br',
      message: 'Olá, {contato}! Segue o orçamento nº {orcamento}, no valor de {total}.',
    });
    expect((await client.db.records('quotations').get(quotation))!).toMatchObject({ status: 'pending', ...TOTALS });
    const mailsBefore = smtp.received.length;

    server.proxy.inject({ method: 'POST', path: /^\/api\/customer$/, fault: { kind: 'drop' } });
    server.proxy.inject({ method: 'POST', path: /^\/api\/quotation$/, fault: { kind: 'lose-response' } });
    server.proxy.inject({ method: 'PUT', path: /^\/api\/quotation\/\d+\/status$/, fault: { kind: 'lose-response' } });
    server.proxy.inject({ method: 'POST', path: /^\/api\/quotation\/\d+\/send\/email$/, fault: { kind: 'status', status: 503 } });
    server.proxy.inject({ method: 'POST', path: /^\/api\/quotation\/\d+\/send\/email$/, fault: { kind: 'lose-response' } });
    const before = server.proxy.log.length;
    await client.engine.drain();
    server.proxy.clearFaults();
    await client.engine.drain();

    // One customer, two quotations with the right totals.
    const customers = await serverGet<{ list: Array<{ id: number }> }>(client, `/api/customer/all/0/10?search=${encodeURIComponent(name)}`);
    expect(customers.list).toHaveLength(1);
    const quotations = (await serverGet<{ list: unknown[] }>(client, `/api/quotation/all/0/10?search=${encodeURIComponent(name)}`)).list.map(
      (record): Quotation => quotationSchema.parse(record),
    );
    expect(quotations).toHaveLength(2);
    for (const found of quotations) {
      expect(found).toMatchObject({ ...TOTALS, customer_id: customers.list[0]!.id });
      expect(found.rows.map((row) => row.total)).toEqual([600, 150.5, 301]);
      expect(found.services.map((line) => line.total)).toEqual([900, 240]);
      expect(found.costs.map((line) => line.total)).toEqual([89.9]);
    }
    const original = quotations.find((found) => found.status === 'pending')!;
    expect(quotations.filter((found) => found.status === 'open')).toHaveLength(1);
    expect(original.sent_mail_at).toEqual(expect.any(String));

    // One status change (its retries under one key), one e-mail send applied (three tries, one key).
    const sent = server.proxy.log.slice(before).filter((request) => request.method !== 'GET');
    const of = (pattern: RegExp) => sent.filter((request) => pattern.test(`${request.method} ${request.path}`) && request.fault !== 'drop');
    expect(new Set(of(/^PUT \/api\/quotation\/\d+\/status$/).map((request) => request.idempotencyKey)).size).toBe(1);
    const emailTries = of(/^POST \/api\/quotation\/\d+\/send\/email$/);
    expect(emailTries.length).toBeGreaterThanOrEqual(3);
    expect(new Set(emailTries.map((request) => request.idempotencyKey)).size).toBe(1);

    // Exactly one e-mail, to the customer, with the number the server gave and the PDF.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(mailsBefore + 1);
    const mail = smtp.received[mailsBefore]!;
    expect(mail.to).toEqual(['compras@conceicao.com.br']);
    expect(mail.raw).toMatch(/^Content-Type: application\/pdf/im);

    // The device: nothing left to send, the e-mail's stamp pulled, the copy has its id.
    expect(await client.db.outbox.toArray()).toEqual([]);
    const local = await liveRecords(client.db, 'quotations');
    expect(local.find((record) => record.key === quotation)).toMatchObject({
      id: original.id,
      status: 'pending',
      sent_mail_at: original.sent_mail_at,
    });
    expect(local.find((record) => record.key === copy)?.id).toEqual(quotations.find((found) => found.status === 'open')!.id);
  });
});
