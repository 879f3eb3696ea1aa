/**
 * The quotation page's fields that read the device's read-only lists, on a
 * real local store: 'Detalhes' as rich text (the lazily loaded tiptap
 * editor, 'Inserir o texto padrão' from the message settings, a document
 * saved and shown again, old plain text shown as text), 'Observações' with
 * 'Formatar texto' and its checkbox, the seller (administrators choose
 * among the staff, deleted and customer-type users hidden unless already
 * the seller; others read
 * it), and the payment conditions and exposition types from their lists.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { QuotationEditPage } from '@/features/quotations';
import { closeTestDb, openTestDb, renderApp, type RouteView } from '../render-app';
import { AT, pulled } from '../server-records';

const ADMIN = { sellerName: 'Ana Souza', sellerId: 1, canChooseSeller: true };
const STAFF = { sellerName: 'Paulo Dias', sellerId: 3, canChooseSeller: false };

function routesFor(seller: typeof ADMIN): Record<string, RouteView> {
  return {
    '/admin/orcamentos/novo': () => <QuotationEditPage {...seller} />,
    '/admin/orcamentos/$quotationId': ({ params }) => <QuotationEditPage quotationId={params.quotationId} {...seller} />,
  };
}

// ProseMirror scrolls the cursor into view after a command; jsdom has no layout, so no rectangles.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Element.prototype.getClientRects ??= noRects;

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

const named = (id: number, name: string, slug: string) => ({ id, name, slug, created_at: AT, updated_at: AT });

function user(id: number, name: string, deleted = false, role: { id: number; name: string; slug: string } | null = null) {
  return {
    id,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@empresa.com.br`,
    username: name.split(' ')[0]!.toLowerCase(),
    phone: null,
    store_activated: true,
    deleted_at: deleted ? AT : null,
    settings: {
      position: null,
      registration_code: null,
      phone: null,
      role_id: role?.id ?? null,
      role,
      user_type_id: id === 1 ? 1 : 2,
      type: { id: id === 1 ? 1 : 2, name: id === 1 ? 'Administrador' : 'Usuário', slug: id === 1 ? 'admin' : 'user' },
      image_id: null,
      image: null,
    },
    created_at: AT,
    updated_at: AT,
  };
}

async function pullLists() {
  await pulled(db, 'payment_types', [named(7, 'Boleto em 3 vezes', 'boleto-3x'), named(8, 'Depósito', 'deposito')]);
  await pulled(db, 'exposition_types', [named(1, 'Habitual', 'habitual'), named(5, 'Ocasional', 'ocasional')]);
  await pulled(db, 'users', [
    user(1, 'Ana Souza'),
    user(2, 'Bruno Lima', true),
    user(3, 'Paulo Dias'),
    user(4, 'Carla Mendes'),
    // A customer-type user (role 'cliente'): one of the customer's people, never a seller.
    user(5, 'Joana do Cliente', false, { id: 3, name: 'Cliente', slug: 'cliente' }),
  ]);
  await pulled(db, 'settings', [
    {
      id: 10,
      option: 'message_quotationDetails',
      value: '<p>As avaliações seguem a <strong>NHO 01</strong>.</p><p>Relatório em 15 dias.</p>',
      created_at: AT,
      updated_at: AT,
    },
  ]);
}

async function customerWithQuotation(fields: Record<string, unknown> = {}) {
  const customer = await saveRecord(db, 'customers', null, { name: 'Metalúrgica Alfa', email: 'a@alfa.com.br', phone: '1133224455' });
  const key = await saveRecord(db, 'quotations', null, {
    customer_key: customer,
    costs: [{ name: 'Deslocamento', quantity: 1, value: 90 }],
    total: 90,
    ...fields,
  });
  return { customer, key };
}

const detailsEditor = () => screen.findByRole('textbox', { name: 'Detalhes' }, { timeout: 10_000 });
const save = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
  expect(await screen.findByText('Orçamento salvo com sucesso')).toBeInTheDocument();
};

describe('quotation details (rich text)', () => {
  it("'Inserir o texto padrão' inserts the message settings' text, formatted; Salvar keeps it as a document", { timeout: 30_000 }, async () => {
    await pullLists();
    const { key } = await customerWithQuotation();
    await renderApp(db, routesFor(ADMIN), `/admin/orcamentos/${key}`);
    const editor = await detailsEditor();
    expect(editor.textContent).toBe('');
    // The button waits for the message settings, read from the device after the editor loads.
    fireEvent.click(await screen.findByRole('button', { name: 'Inserir o texto padrão' }, { timeout: 10_000 }));
    await waitFor(() => expect(editor.querySelector('strong')?.textContent).toBe('NHO 01'));
    expect(editor.textContent).toContain('Relatório em 15 dias.');
    await save();
    const stored = await db.records('quotations').get(key);
    expect(stored?.details).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'As avaliações seguem a ' },
            { type: 'text', text: 'NHO 01', marks: [{ type: 'bold' }] },
            { type: 'text', text: '.' },
          ],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'Relatório em 15 dias.' }] },
      ],
    });
  });

  it('shows why details are refused at Salvar, and saves nothing', { timeout: 30_000 }, async () => {
    await pulled(db, 'settings', [{ id: 11, option: 'message_quotationDetails', value: 'a'.repeat(100_001), created_at: AT, updated_at: AT }]);
    const { key } = await customerWithQuotation();
    await renderApp(db, routesFor(ADMIN), `/admin/orcamentos/${key}`);
    const editor = await detailsEditor();
    // The button waits for the message settings, read from the device after the editor loads.
    fireEvent.click(await screen.findByRole('button', { name: 'Inserir o texto padrão' }, { timeout: 10_000 }));
    await waitFor(() => expect(editor.textContent?.length).toBe(100_001));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    // Validating 100,000 characters on a loaded machine can take a few seconds.
    expect(await screen.findByText('O texto formatado é grande demais.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect((await db.records('quotations').get(key))?.details).toBeNull();
  });

  it('shows a stored document with its formatting, and old plain text as paragraphs', { timeout: 30_000 }, async () => {
    const { key } = await customerWithQuotation({
      details: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Escopo' }] },
          {
            type: 'bulletList',
            content: [
              { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Ruído', marks: [{ type: 'italic' }] }] }] },
            ],
          },
        ],
      },
    });
    await renderApp(db, routesFor(ADMIN), `/admin/orcamentos/${key}`);
    const editor = await detailsEditor();
    await waitFor(() => expect(editor.querySelector('h2')?.textContent).toBe('Escopo'));
    expect(editor.querySelector('ul em')?.textContent).toBe('Ruído');
    // No settings on this device: no default text to insert.
    expect(screen.queryByRole('button', { name: 'Inserir o texto padrão' })).not.toBeInTheDocument();
  });

  it('opens a quotation whose details are still plain text on this device', { timeout: 30_000 }, async () => {
    const { key } = await customerWithQuotation();
    // As a record saved before the editor: details as a string, written straight into the store.
    await db.records('quotations').update(key, { details: 'Linha um\nLinha dois' } as never);
    await renderApp(db, routesFor(ADMIN), `/admin/orcamentos/${key}`);
    const editor = await detailsEditor();
    await waitFor(() => expect([...editor.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Linha um', 'Linha dois']));
  });
});

describe('quotation comments', () => {
  it("'Formatar texto' tidies the text; with the checkbox it tidies on leaving the field", { timeout: 30_000 }, async () => {
    const { key } = await customerWithQuotation();
    await renderApp(db, routesFor(ADMIN), `/admin/orcamentos/${key}`);
    const comment = await screen.findByRole('textbox', { name: 'Observações' });
    fireEvent.change(comment, {
      target: { value: '  medições   no turno da manhã ,sem   paradas.valor de 1,5 h  \n\n\n\nconfirmar  com o cliente ' },
    });
    fireEvent.blur(comment);
    expect(comment).toHaveValue('  medições   no turno da manhã ,sem   paradas.valor de 1,5 h  \n\n\n\nconfirmar  com o cliente ');
    fireEvent.click(screen.getByRole('button', { name: 'Formatar texto' }));
    expect(comment).toHaveValue('Medições no turno da manhã, sem paradas.valor de 1,5 h\n\nConfirmar com o cliente');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Formatar automaticamente' }));
    fireEvent.change(comment, { target: { value: 'ok . tudo certo' } });
    expect(comment).toHaveValue('ok . tudo certo');
    fireEvent.blur(comment);
    expect(comment).toHaveValue('Ok. Tudo certo');
    await save();
    expect((await db.records('quotations').get(key))?.comment).toBe('Ok. Tudo certo');
  });
});

describe('the seller', () => {
  it('an administrator chooses among the staff; deleted and customer-type users are hidden', { timeout: 30_000 }, async () => {
    await pullLists();
    const { key } = await customerWithQuotation({ created_by: 1 });
    await renderApp(db, routesFor(ADMIN), `/admin/orcamentos/${key}`);
    const seller = await screen.findByRole('combobox', { name: 'Vendedor' });
    await waitFor(() => expect(seller).toHaveValue('1'));
    expect(
      within(seller)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecione', 'Ana Souza', 'Carla Mendes', 'Paulo Dias']);
    fireEvent.change(seller, { target: { value: '4' } });
    await save();
    expect((await db.records('quotations').get(key))?.created_by).toBe(4);
  });

  it('a deleted user who already is the seller still shows, marked', { timeout: 30_000 }, async () => {
    await pullLists();
    const { key } = await customerWithQuotation({ created_by: 2 });
    await renderApp(db, routesFor(ADMIN), `/admin/orcamentos/${key}`);
    const seller = await screen.findByRole('combobox', { name: 'Vendedor' });
    await waitFor(() => expect(seller).toHaveValue('2'));
    expect(within(seller).getByRole('option', { name: 'Bruno Lima (excluído)' })).toBeInTheDocument();
  });

  it('a customer-type user who already is the seller (saved before the rule) still shows, marked', { timeout: 30_000 }, async () => {
    await pullLists();
    const { key } = await customerWithQuotation({ created_by: 5 });
    await renderApp(db, routesFor(ADMIN), `/admin/orcamentos/${key}`);
    const seller = await screen.findByRole('combobox', { name: 'Vendedor' });
    await waitFor(() => expect(seller).toHaveValue('5'));
    expect(within(seller).getByRole('option', { name: 'Joana do Cliente (cliente)' })).toBeInTheDocument();
  });

  it('a new quotation is sold by whoever makes it; others than administrators only read the seller', { timeout: 30_000 }, async () => {
    await pullLists();
    await renderApp(db, routesFor(STAFF), '/admin/orcamentos/novo');
    const seller = await screen.findByDisplayValue('Paulo Dias');
    expect(seller).toHaveAttribute('readonly');
    expect(screen.queryByRole('combobox', { name: 'Vendedor' })).not.toBeInTheDocument();
  });
});

describe('payment conditions and exposition types', () => {
  it('come from the lists kept on the device; an id the device does not know stays selected', { timeout: 30_000 }, async () => {
    await pullLists();
    const { key } = await customerWithQuotation({
      payment_id: 8,
      rows: [{ name: 'Ruído contínuo', quantity: 1, value: 100, exposition_type_id: 9 }],
    });
    await renderApp(db, routesFor(ADMIN), `/admin/orcamentos/${key}`);
    const payment = await screen.findByRole('combobox', { name: 'Condição de pagamento' });
    await waitFor(() =>
      expect(
        within(payment)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Selecione', 'Boleto em 3 vezes', 'Depósito']),
    );
    expect(payment).toHaveValue('8');
    const exposition = screen.getByRole('combobox', { name: 'Tipo de exposição 1' });
    expect(
      within(exposition)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tipo nº 9', 'Habitual', 'Ocasional']);
    expect(exposition).toHaveValue('9');

    fireEvent.change(payment, { target: { value: '7' } });
    fireEvent.change(exposition, { target: { value: '5' } });
    await save();
    const stored = await db.records('quotations').get(key);
    expect(stored).toMatchObject({ payment_id: 7, rows: [expect.objectContaining({ exposition_type_id: 5 })] });
  });
});
