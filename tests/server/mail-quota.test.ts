/**
 * The per-user e-mail quota (server/mail/sending-quota.ts; issue 20): every
 * e-mail the server sends on a user's behalf counts, whatever route or batch
 * asked for it; over the quota the call answers 429 with Retry-After and a
 * Portuguese message, nothing is sent and nothing changes; another user
 * keeps its own quota; an hour later the user may send again. Through a
 * real SMTP server on loopback.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_PATH, type BatchItem } from '@sync/contract/batch';
import { users } from '@server/db/schema';
import { createSmtpMailer } from '@server/mail/mailer';
import { MAIL_QUOTA_MESSAGE } from '@server/mail/sending-quota';
import { api, ok, roleWith, userWithRole, type Api } from './catalog/support';
import { createCustomer } from './customers/support';
import { createQuotation } from './quotations/support';
import { startSmtpServer } from './helpers/smtp';
import { adminToken } from './catalog/support';
import { signIn, startTestApp, type TestApp } from './helpers/test-app';
import { sendForm } from './users/support';

const PER_HOUR = 3;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let admin: Api;
let seller: Api;
let sellerToken: string;
let quotationId: number;
let customerId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({
    mailer: createSmtpMailer(smtp.url, 'Higiene <nao-responda@empresa.com.br>'),
    env: { MAIL_PER_USER_PER_HOUR: String(PER_HOUR) },
  });
  const adminBearer = await adminToken(t);
  admin = api(t, adminBearer);
  await roleWith(t, 'vendas', ['quotations', 'customers', 'users']);
  sellerToken = (await userWithRole(t, 'vendedora', 'vendas')).token;
  seller = api(t, sellerToken);
  customerId = (await createCustomer(t, adminBearer, { name: 'Cliente do Limite Ltda', contact: { name: 'Ana' } })).id;
  quotationId = (await createQuotation(admin, customerId)).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const email = (to: string) => ({ message: 'Segue o orçamento {orcamento}.', email: to, quotation_id: quotationId });
const sendQuotation = (caller: Api, to: string) => caller.post(`/api/quotation/${quotationId}/send/email`, email(to));

describe('the e-mail quota per user', () => {
  it('sends up to the quota, then answers 429 with Retry-After and sends nothing', async () => {
    const before = smtp.received.length;
    for (let i = 0; i < PER_HOUR; i += 1) expect((await sendQuotation(seller, `a${i}@cliente.com.br`)).status).toBe(200);
    await smtp.waitFor(before + PER_HOUR);
    const refused = await sendQuotation(seller, 'excesso@cliente.com.br');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: MAIL_QUOTA_MESSAGE(PER_HOUR, 60) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.length).toBe(before + PER_HOUR);
  });

  it('counts e-mails asked for inside a batch call the same way', async () => {
    const item = (to: string): BatchItem => ({ method: 'POST', path: `api/quotation/${quotationId}/send/email`, body: email(to) });
    const answer = ok(await seller.post(`/${BATCH_PATH}`, { requests: [item('b1@cliente.com.br'), item('b2@cliente.com.br')] }));
    expect(answer.responses.map((r: { status: number }) => r.status)).toEqual([429, 429]);
    expect(answer.responses[0].retry_after).toMatch(/^\d+$/);
  });

  it('a new user with "Enviar senha por e-mail" counts too, and over the quota nothing is saved', async () => {
    const fields = {
      name: 'Pessoa Nova',
      username: 'pessoanova',
      email: 'pessoa.nova@empresa.com.br',
      user_type_id: '2',
      role_id: '2',
      password: 'senha-forte-1',
      password_confirmation: 'senha-forte-1',
      send_password: 'true',
    };
    const refused = await sendForm(t, 'POST', '/api/user', sellerToken, fields);
    expect(refused.status).toBe(429);
    const [row] = await t.db.select({ n: count() }).from(users).where(eq(users.username, 'pessoanova'));
    expect(row?.n).toBe(0);
  });

  it('leaves other users their own quota', async () => {
    expect((await sendQuotation(admin, 'outro@cliente.com.br')).status).toBe(200);
  });

  it('lets the user send again once the hour has passed', async () => {
    t.clock.advance(60 * 60_000 + 1000);
    // The access token lasts 15 minutes: sign in again, as the app would.
    const again = api(t, (await signIn(t, 'vendedora', 'senha-de-teste-1')).access_token);
    expect((await sendQuotation(again, 'depois@cliente.com.br')).status).toBe(200);
  });
});
