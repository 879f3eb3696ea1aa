/**
 * The quotation's rich-text details through the real API: a whitelisted
 * tiptap document is stored and answered as sent (a duplicate copies it);
 * anything outside the whitelist is refused with a Portuguese message at
 * `details` and nothing is written; a legacy plain string is stored as a
 * document; plain text already in the database (quotations saved before
 * the editor) is answered as a document.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotationSchema } from '@sync/contract/quotations';
import { RICH_TEXT_MESSAGES } from '@sync/contract/rich-text';
import { quotations } from '@server/db/schema';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken, api, ok, type Api } from '../catalog/support';
import { createCustomer } from '../customers/support';
import { createQuotation, validQuotation } from './support';

let t: TestApp;
let admin: Api;
let customerId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = api(t, await adminToken(t));
  customerId = (await createCustomer(t, await adminToken(t))).id;
});
afterAll(() => t.close());

const DETAILS = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Escopo' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Medições conforme a ' },
        { type: 'text', text: 'NHO 01', marks: [{ type: 'bold' }] },
        { type: 'hardBreak' },
        {
          type: 'text',
          text: 'Fundacentro',
          marks: [
            {
              type: 'link',
              attrs: { href: 'https://www.gov.br/fundacentro', target: '_blank', rel: 'noopener noreferrer nofollow', class: null, title: null },
            },
          ],
        },
      ],
    },
    {
      type: 'bulletList',
      content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Ruído', marks: [{ type: 'italic' }] }] }] }],
    },
  ],
};

describe('quotation details as rich text', () => {
  it('stores a whitelisted document and answers it as sent; a duplicate copies it', async () => {
    const created = await createQuotation(admin, customerId, { details: DETAILS });
    expect(created.details).toEqual(DETAILS);
    expect(quotationSchema.parse(created).details).toEqual(DETAILS);
    expect(ok(await admin.get(`/api/quotation/${created.id}`)).details).toEqual(DETAILS);
    const copy = ok(await admin.post(`/api/quotation/duplicate/${created.id}`, {}), 201);
    expect(copy.details).toEqual(DETAILS);
  });

  it.each([
    ['an image', { type: 'doc', content: [{ type: 'image', attrs: { src: 'https://a.b/x.png' } }] }, RICH_TEXT_MESSAGES.invalid],
    ['a style attribute', { type: 'doc', content: [{ type: 'paragraph', attrs: { style: 'color:red' } }] }, RICH_TEXT_MESSAGES.invalid],
    [
      'a javascript: link',
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] }],
      },
      RICH_TEXT_MESSAGES.linkInvalid,
    ],
    ['HTML inside the document', { type: 'doc', content: '<script>alert(1)</script>' }, RICH_TEXT_MESSAGES.invalid],
  ])('refuses %s with a Portuguese message and writes nothing', async (_, details, message) => {
    const before = ok(await admin.get('/api/quotation/all/0/10')).total_items;
    const refused = await admin.post('/api/quotation', validQuotation(customerId, { details }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ details: [message] });
    expect(ok(await admin.get('/api/quotation/all/0/10')).total_items).toBe(before);
  });

  it('refuses a document nested too deep', async () => {
    let node: unknown = { type: 'paragraph', content: [{ type: 'text', text: 'fundo' }] };
    for (let i = 0; i < 6; i += 1) node = { type: 'bulletList', content: [{ type: 'listItem', content: [node] }] };
    const refused = await admin.post('/api/quotation', validQuotation(customerId, { details: { type: 'doc', content: [node] } }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ details: [RICH_TEXT_MESSAGES.tooDeep] });
  });

  it('takes a legacy plain string as a document, and answers old plain text in the database as one', async () => {
    const legacy = await createQuotation(admin, customerId, { details: 'Primeira linha\nSegunda linha' });
    expect(legacy.details).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Primeira linha' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Segunda linha' }] },
      ],
    });

    const old = await createQuotation(admin, customerId);
    await t.db.update(quotations).set({ details: 'Texto salvo antes do editor' }).where(eq(quotations.id, old.id));
    expect(ok(await admin.get(`/api/quotation/${old.id}`)).details).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Texto salvo antes do editor' }] }],
    });
    const cleared = ok(
      await admin.put(`/api/quotation/${old.id}`, validQuotation(customerId, { details: { type: 'doc', content: [{ type: 'paragraph' }] } })),
    );
    expect(cleared.details).toBeNull();
  });
});
