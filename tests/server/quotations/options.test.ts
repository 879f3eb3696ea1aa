/**
 * `PUT api/quotation/payment-type` and `PUT api/quotation/type` (spec
 * section 7; sync/contract/quotation-options.ts): the whole list written by
 * an administrator (renamed, added, removed in one call), answered as `GET`
 * answers it; devices see the change in an incremental pull (renamed and
 * added records, removed ids); refusals in Portuguese that change nothing
 * (unknown id, duplicate name, blank name, a type a quotation uses, the
 * default exposition type); who may call them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_PATHS, type NamedRecord } from '@sync/contract/lookups';
import { QUOTATION_OPTION_MESSAGES as M, QUOTATION_OPTION_PATHS } from '@sync/contract/quotation-options';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, catalogCast, ok, type Api } from '../catalog/support';
import { createCustomer } from '../customers/support';
import { createQuotation } from './support';

let t: TestApp;
let admin: Api;
let cast: Awaited<ReturnType<typeof catalogCast>>;
let customerId: number;

beforeAll(async () => {
  t = await startTestApp();
  const token = await adminToken(t);
  admin = api(t, token);
  cast = await catalogCast(t);
  customerId = (await createCustomer(t, token, { name: 'Olaria Boa Vista' })).id;
});
afterAll(() => t.close());

const names = (list: NamedRecord[]) => list.map((item) => item.name);
const payments = async (): Promise<NamedRecord[]> => ok(await admin.get(`/${LOOKUP_PATHS.paymentTypes}`));
const expositions = async (): Promise<NamedRecord[]> => ok(await admin.get(`/${LOOKUP_PATHS.expositionTypes}`));
const line = (record: NamedRecord) => ({ id: record.id, name: record.name });

describe('PUT api/quotation/payment-type', () => {
  it('renames, adds and removes in one call, answers the list as GET does, and a pull brings exactly the change', async () => {
    const before = await payments();
    expect(names(before)).toEqual(['Boleto', 'Cartão', 'PIX', 'Transferência']);
    const [boleto, cartao, pix] = before;
    const since = new Date(t.clock.now()).toISOString();
    t.clock.advance(1000);
    // Transferência is left out: removed.
    const answer = ok<NamedRecord[]>(
      await admin.put(`/${QUOTATION_OPTION_PATHS.paymentTypes}`, {
        types: [line(boleto!), { id: cartao!.id, name: 'Cartão de crédito' }, line(pix!), { name: '  Depósito em conta  ' }],
      }),
    );
    expect(answer.map(({ name, slug }) => ({ name, slug }))).toEqual([
      { name: 'Boleto', slug: 'boleto' },
      { name: 'Cartão de crédito', slug: 'cartao-de-credito' },
      { name: 'Depósito em conta', slug: 'deposito-em-conta' },
      { name: 'PIX', slug: 'pix' },
    ]);
    expect(answer).toEqual(await payments());
    // Unchanged records keep their timestamps.
    expect(answer.find((item) => item.id === boleto!.id)).toEqual(boleto);

    const pull = ok<{ list: NamedRecord[]; deleted_ids: number[] }>(
      await admin.get(`/${LOOKUP_PATHS.paymentTypes}?updated_since=${encodeURIComponent(since)}`),
    );
    expect(names(pull.list).sort()).toEqual(['Cartão de crédito', 'Depósito em conta']);
    expect(pull.deleted_ids).toEqual([before[3]!.id]);

    // The same list again changes nothing.
    const again = ok<NamedRecord[]>(await admin.put(`/${QUOTATION_OPTION_PATHS.paymentTypes}`, { types: answer.map(line) }));
    expect(again).toEqual(answer);
  });

  it('two types may swap names in one call', async () => {
    const [first, second] = await payments();
    const swapped = ok<NamedRecord[]>(
      await admin.put(`/${QUOTATION_OPTION_PATHS.paymentTypes}`, {
        types: [{ id: first!.id, name: second!.name }, { id: second!.id, name: first!.name }, ...(await payments()).slice(2).map(line)],
      }),
    );
    expect(swapped.find((item) => item.id === first!.id)?.name).toBe(second!.name);
    expect(swapped.find((item) => item.id === second!.id)?.name).toBe(first!.name);
  });

  it('two administrators editing at once: each save applies only what its screen changed from the list it started from', async () => {
    const started = await payments();
    const base = started.map(line);
    const [first, second, third] = started;
    // A renames the first and adds 'Cheque'.
    ok(
      await admin.put(`/${QUOTATION_OPTION_PATHS.paymentTypes}`, {
        base,
        types: [{ id: first!.id, name: 'Boleto bancário' }, ...started.slice(1).map(line), { name: 'Cheque' }],
      }),
    );
    // B, from the same starting list, renames the second and removes the third.
    const answer = ok<NamedRecord[]>(
      await admin.put(`/${QUOTATION_OPTION_PATHS.paymentTypes}`, {
        base,
        types: started
          .filter((item) => item.id !== third!.id)
          .map((item) => (item.id === second!.id ? { id: item.id, name: 'Cartão (débito)' } : line(item))),
      }),
    );
    expect(names(answer).sort()).toEqual(['Boleto bancário', 'Cartão (débito)', 'Cheque', ...started.slice(3).map((item) => item.name)].sort());
    expect(answer.some((item) => item.id === third!.id)).toBe(false);
    // Without a base the body is the whole list, as before.
    const whole = ok<NamedRecord[]>(
      await admin.put(`/${QUOTATION_OPTION_PATHS.paymentTypes}`, { types: answer.filter((item) => item.name !== 'Cheque').map(line) }),
    );
    expect(names(whole)).not.toContain('Cheque');
  });

  it('refuses what it cannot keep, in Portuguese, and changes nothing', async () => {
    const list = await payments();
    const quotation = await createQuotation(admin, customerId, { payment_id: list[0]!.id });
    expect(quotation.payment_id).toBe(list[0]!.id);
    const cases: Array<[string, unknown, number, string, string?]> = [
      ['a blank name', { types: [...list.map(line), { name: '   ' }] }, 400, M.nameRequired, `types.${list.length}.name`],
      ['a name without letters', { types: [...list.map(line), { name: '---' }] }, 400, M.nameWithoutLetters, `types.${list.length}.name`],
      [
        'two names with the same slug',
        { types: [...list.map(line), { name: list[1]!.name.toUpperCase() }] },
        409,
        M.duplicateName.paymentTypes(list[1]!.name.toUpperCase()),
        `types.${list.length}.name`,
      ],
      [
        'an unknown id',
        { types: [...list.map(line), { id: 999_999, name: 'Cheque' }] },
        400,
        M.unknown.paymentTypes(999_999),
        `types.${list.length}.id`,
      ],
      ['the same id twice', { types: [...list.map(line), line(list[0]!)] }, 400, M.duplicateId, `types.${list.length}.id`],
      ['a type a quotation uses left out', { types: list.slice(1).map(line) }, 409, M.inUse.paymentTypes(list[0]!.name, 1)],
      ['no list', {}, 400, ''],
    ];
    for (const [name, body, status, message, field] of cases) {
      const reply = await admin.put(`/${QUOTATION_OPTION_PATHS.paymentTypes}`, body);
      expect(reply.status, name).toBe(status);
      if (name !== 'no list') expect(reply.body.message, name).toBe(message);
      if (field) expect(reply.body.errors?.[field], name).toEqual([message]);
      expect(await payments(), name).toEqual(list);
    }
  });

  it('is for administrators only: staff with the quotations module and customer-type users get 403, anonymous 401', async () => {
    const list = await payments();
    const body = { types: [...list.map(line), { name: 'Permuta' }] };
    for (const caller of ['quotations', 'noModule', 'customer'] as const) {
      const reply = await api(t, cast[caller]).put(`/${QUOTATION_OPTION_PATHS.paymentTypes}`, body);
      expect(reply.status, caller).toBe(403);
      expect(reply.body.message, caller).toBe(M.adminsOnly);
    }
    expect((await api(t, undefined).put(`/${QUOTATION_OPTION_PATHS.paymentTypes}`, body)).status).toBe(401);
    expect(await payments()).toEqual(list);
  });
});

describe('PUT api/quotation/type', () => {
  it('keeps the exposition types; one an agent row uses and the default one are not removed', async () => {
    const list = await expositions();
    expect(names(list)).toEqual(['Contínua', 'Eventual', 'Intermitente']);
    const named = (name: string) => list.find((item) => item.name === name)!;
    // Every quotation of validQuotation has a second row of exposition type 2 (Intermitente).
    await createQuotation(admin, customerId);
    const { total_items: using } = ok<{ total_items: number }>(await admin.get('/api/quotation/all/0/10'));
    const withoutUsed = await admin.put(`/${QUOTATION_OPTION_PATHS.expositionTypes}`, {
      types: [line(named('Contínua')), line(named('Eventual'))],
    });
    expect(withoutUsed.status).toBe(409);
    expect(withoutUsed.body.message).toBe(M.inUse.expositionTypes('Intermitente', using));
    const withoutDefault = await admin.put(`/${QUOTATION_OPTION_PATHS.expositionTypes}`, {
      types: [line(named('Eventual')), line(named('Intermitente'))],
    });
    expect(withoutDefault.status).toBe(400);
    expect(withoutDefault.body.message).toBe(M.defaultExposition('Contínua'));
    expect(await expositions()).toEqual(list);

    const saved = ok<NamedRecord[]>(
      await admin.put(`/${QUOTATION_OPTION_PATHS.expositionTypes}`, {
        types: [line(named('Contínua')), line(named('Intermitente')), { name: 'Ocasional' }],
      }),
    );
    expect(names(saved)).toEqual(['Contínua', 'Intermitente', 'Ocasional']);
    expect(saved).toEqual(await expositions());
  });
});
