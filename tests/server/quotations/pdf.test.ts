/**
 * `GET api/pdf/quotation/{id}`: the PDF the server renders, read back with
 * pdfjs: the customer, the totals in R$, the rich text's bold word drawn in
 * the bold font, Portuguese characters and symbols, 'Página X de Y' across
 * pages, the company logo embedded as an image when settings name one,
 * and who may fetch it (module, customer scope).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { insertCustomer, insertUser, linkUserToCustomer } from '@server/db/demo/records';
import { modules, options, rolePermissions, roles } from '@server/db/schema';
import { storedFiles } from '@server/db/schema';
import { renderQuotationInWorker } from '@server/pdf/pdf-worker';
import { quotationPdfInputOf } from '@server/pdf/quotation-pdf';
import { loadQuotations } from '@server/routes/quotations/load';
import { signIn, startTestApp, type TestApp } from '../helpers/test-app';
import { readPdf } from '../helpers/pdf-text';
import { adminToken, api, catalogCast, type Api } from '../catalog/support';
import { createCustomer } from '../customers/support';
import { createQuotation } from './support';

let t: TestApp;
let admin: Api;
let customerId: number;

const DETAILS = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Medições conforme a NHO 01 com ' },
        { type: 'text', text: 'Dosímetros', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' calibrados; limite ≤ 85 dB(A), ≥ 2 m², 10 µm, 25 °C, 1º e 2ª etapas, 3 m³.' },
      ],
    },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Relatório técnico' }] }] }] },
  ],
};

let token: string;

/** A real 1×1 PNG (the settings test's signature-only bytes would not draw). */
const LOGO_PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

/** How many images page 1 paints (pdfjs operator list: image XObjects). */
const imagesOnFirstPage = async (bytes: Uint8Array) => (await readPdf(bytes)).images[0];

async function setLogo(value: string) {
  const reply = await fetch(`${t.baseUrl}/api/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ options: [{ option: 'settings_logo', value }] }),
  });
  expect(reply.status).toBe(200);
}

async function pdfOf(caller: string | undefined, id: number): Promise<{ status: number; bytes: Uint8Array; type: string | null }> {
  const reply = await fetch(`${t.baseUrl}/api/pdf/quotation/${id}`, { headers: caller ? { authorization: `Bearer ${caller}` } : {} });
  return { status: reply.status, bytes: new Uint8Array(await reply.arrayBuffer()), type: reply.headers.get('content-type') };
}

beforeAll(async () => {
  t = await startTestApp();
  token = await adminToken(t);
  admin = api(t, token);
  customerId = (await createCustomer(t, token, { name: 'Cerâmica São João Ltda' })).id;
  await t.db.update(options).set({ value: 'Higiene Ação Consultoria' }).where(eq(options.option, 'company_name'));
});
afterAll(() => t.close());

describe('the quotation PDF', () => {
  it('prints the customer, the totals in R$, the rich text with its bold word in the bold font, and Portuguese symbols', async () => {
    const quotation = await createQuotation(admin, customerId, { details: DETAILS, discount: 10, discount_type: 'pct', parcel: 2 });
    const { status, bytes, type } = await pdfOf(token, quotation.id);
    expect(status).toBe(200);
    expect(type).toBe('application/pdf');
    const pdf = await readPdf(bytes);
    expect(pdf.text).toContain('Cerâmica São João Ltda');
    expect(pdf.text).toContain('Higiene Ação Consultoria');
    expect(pdf.text).toContain(`Nº ${quotation.reference_no}`);
    // Subtotal 1.234,56; 10 % off: 1.111,10 in 2 instalments of 555,55.
    const plain = pdf.text.replace(/\u00a0/g, ' ');
    expect(plain).toContain('R$ 1.234,56');
    expect(plain).toContain('R$ 1.111,10');
    expect(plain).toContain('2 × R$ 555,55');
    expect(plain).toContain('mil cento e onze reais e dez centavos');
    // pdfjs reads the micro sign µ back as the Greek μ (one glyph in Roboto; its Unicode normalisation).
    for (const symbol of ['≤ 85 dB(A)', '≥ 2 m²', '10 µm', '25 °C', '1º e 2ª', '3 m³', 'Relatório técnico']) {
      expect(plain.replace(/\u03bc/g, '\u00b5')).toContain(symbol);
    }
    // pdfjs gives one run per word: the bold word is drawn in Roboto Medium (pdfmake's bold), its neighbours in Regular.
    const fontOf = (word: string) => pdf.runs.find((run) => run.text === word)?.font;
    expect(fontOf('Dosímetros')).toMatch(/\+Roboto-Medium$/);
    expect(fontOf('conforme')).toMatch(/\+Roboto-Regular$/);
    expect(fontOf('calibrados;')).toMatch(/\+Roboto-Regular$/);
    pdf.pages.forEach((page, index) => expect(page).toContain(`Página ${index + 1} de ${pdf.pageCount}`));
  });

  it('embeds the company logo settings name (a stored file) on page 1; without a logo, or with its file gone, prints without it', async () => {
    const quotation = await createQuotation(admin, customerId);
    expect(await imagesOnFirstPage((await pdfOf(token, quotation.id)).bytes)).toBe(0);
    const form = new FormData();
    form.append('file', new Blob([LOGO_PNG], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${t.baseUrl}/api/file`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(uploaded.status).toBe(201);
    const { id, path } = (await uploaded.json()) as { id: number; path: string };
    await setLogo(path);
    try {
      const withLogo = await pdfOf(token, quotation.id);
      expect(withLogo.status).toBe(200);
      expect(await imagesOnFirstPage(withLogo.bytes)).toBe(1);
      expect((await readPdf(withLogo.bytes)).text).toContain('Cerâmica São João Ltda');
      // The named file's row points at bytes no longer on disk: the PDF is still made, without the logo.
      await t.db
        .update(storedFiles)
        .set({ storage_key: 'f'.repeat(32) })
        .where(eq(storedFiles.id, id));
      const bytesGone = await pdfOf(token, quotation.id);
      expect(bytesGone.status).toBe(200);
      expect(await imagesOnFirstPage(bytesGone.bytes)).toBe(0);
    } finally {
      await setLogo('');
    }
  });

  it('splits 100 agent rows across pages, with Página X de Y on each', async () => {
    const rows = Array.from({ length: 100 }, (_, index) => ({
      name: `Agente ${index + 1}`,
      sector: 'Produção',
      function: 'Operador',
      quantity: 1,
      value: 10,
    }));
    const quotation = await createQuotation(admin, customerId, { rows, total: 1000 });
    const pdf = await readPdf((await pdfOf(token, quotation.id)).bytes);
    expect(pdf.pageCount).toBeGreaterThan(1);
    pdf.pages.forEach((page, index) => expect(page).toContain(`Página ${index + 1} de ${pdf.pageCount}`));
    expect(pdf.text).toContain('Agente 100');
    // The table's header is repeated on the pages it continues on.
    expect(pdf.pages[1]).toContain('Valor un.');
  });

  it('answers 404 for an unknown quotation, 401 without a token, 403 without the module or for another customer', async () => {
    const quotation = await createQuotation(admin, customerId);
    expect((await pdfOf(token, 999_999)).status).toBe(404);
    expect((await pdfOf(undefined, quotation.id)).status).toBe(401);
    const cast = await catalogCast(t);
    expect((await pdfOf(cast.noModule, quotation.id)).status).toBe(403);
    expect((await pdfOf(cast.customer, quotation.id)).status).toBe(403);
    expect((await pdfOf(cast.quotations, quotation.id)).status).toBe(200);
  });

  it('renders in a worker thread: a document that cannot be rendered fails alone, and the next one renders', async () => {
    const quotation = await createQuotation(admin, customerId);
    const input = await quotationPdfInputOf(t.db, (await loadQuotations(t.db, [quotation.id]))[0]!);
    await expect(renderQuotationInWorker({ ...input, logo: 'data:image/png;base64,bm90IGEgcG5n' })).rejects.toThrow();
    const pdf = await readPdf(await renderQuotationInWorker(input));
    expect(pdf.text).toContain('Cerâmica São João Ltda');
  });

  it('a customer-type user with the quotations module gets the PDFs of their own customers only', async () => {
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'cliente'));
    const [module] = await t.db.select({ id: modules.id }).from(modules).where(eq(modules.slug, 'quotations'));
    const [granted] = await t.db
      .select({ id: rolePermissions.role_id })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.role_id, role!.id), eq(rolePermissions.module_id, module!.id)));
    if (!granted) await t.db.insert(rolePermissions).values({ role_id: role!.id, module_id: module!.id, active: true });
    const own = await insertCustomer(t.db, { name: 'Cliente Próprio Ltda', type: 'corporate' });
    const user = await insertUser(t.db, {
      name: 'Cliente Escopo',
      username: 'cliente-escopo',
      email: 'escopo@cliente.com.br',
      password: 'senha-escopo-1',
      roleSlug: 'cliente',
    });
    await linkUserToCustomer(t.db, user, own);
    const customerToken = (await signIn(t, 'cliente-escopo', 'senha-escopo-1')).access_token;
    const ownQuotation = await createQuotation(admin, own);
    const otherQuotation = await createQuotation(admin, customerId);
    expect((await pdfOf(customerToken, ownQuotation.id)).status).toBe(200);
    expect((await pdfOf(customerToken, otherQuotation.id)).status).toBe(403);
  });
});
