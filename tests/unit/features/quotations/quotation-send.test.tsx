/**
 * Enviar and Imprimir on the quotation page, on a real local store: the
 * e-mail message prefilled from the settings with the placeholders filled
 * ({orcamento} kept while the quotation has no number), the send queued as
 * one outbox command; WhatsApp opens the link built on the device and queues
 * its command; a blocked pop-up shows the spec's message and queues nothing;
 * E-mail and Whatsapp disabled when the customer has neither. Imprimir:
 * the warranty's period from the report's delivery date asked in its
 * modal, and the warning, once, while the company data is not filled.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { QuotationEditPage } from '@/features/quotations';
import { COMPANY_WARNING } from '@/entities/print/company-warning';
import { FILLED_COMPANY_SETTINGS } from '../../support/company-settings';
import { closeTestDb, openTestDb, renderApp, type RouteView } from '../render-app';
import { AT, pulled } from '../server-records';

const renderRequests: unknown[] = [];
vi.mock('@/features/quotations/quotation-print-render', () => ({
  renderQuotationPdf: async (_sources: unknown, request: unknown) => {
    renderRequests.push(request);
    return new Blob(['%PDF']);
  },
}));

const routes: Record<string, RouteView> = {
  '/admin/orcamentos/$quotationId': ({ params }) => <QuotationEditPage quotationId={params.quotationId} sellerName="Ana Souza" />,
};

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
  renderRequests.length = 0;
  // The company-data warning shows once per session (src/entities/print/company-warning.ts).
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  return closeTestDb(db);
});

async function quotationOf(customer: Record<string, unknown>) {
  await pulled(db, 'settings', [
    {
      id: 1,
      option: 'message_sendMessage',
      value: 'Olá, {contato}! Orçamento nº {orcamento}: {total} ({total_extenso}).',
      created_at: AT,
      updated_at: AT,
    },
    { id: 2, option: 'message_sendMessageWhats', value: 'Oi {contato}, orçamento de {total}.', created_at: AT, updated_at: AT },
  ]);
  const customerKey = await saveRecord(db, 'customers', null, { type: 'corporate', ...customer });
  return saveRecord(db, 'quotations', null, { customer_key: customerKey, rows: [{ name: 'Ruído', quantity: 2, value: 150.25 }], total: 300.5 });
}

const commandEntry = async () => (await db.outbox.toArray()).find((entry) => entry.op === 'command')!;
const commands = async () =>
  (await db.outbox.toArray()).filter((entry) => entry.op === 'command').map((entry) => [entry.command?.name, entry.payload]);

async function openMenu(button: string, item: string) {
  const target = await screen.findByRole('button', { name: button });
  await waitFor(() => expect(target).toBeEnabled());
  fireEvent.click(target);
  return screen.findByRole('menuitem', { name: item });
}

describe('Enviar', () => {
  it('E-mail: the message comes filled from the settings, and Enviar queues one command', { timeout: 30_000 }, async () => {
    const key = await quotationOf({ name: 'Fundição Alfa', email: 'compras@alfa.com.br', phone: '(11) 3322-4455', contact: { name: 'Joana' } });
    await renderApp(db, routes, `/admin/orcamentos/${key}`);
    fireEvent.click(await openMenu('Enviar', 'E-mail'));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar orçamento por e-mail' });
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveValue('compras@alfa.com.br');
    const message = 'Olá, Joana! Orçamento nº {orcamento}: R$ 300,50 (trezentos reais e cinquenta centavos).';
    expect(within(dialog).getByRole('textbox', { name: 'Mensagem' })).toHaveValue(message);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(async () => expect(await commands()).toEqual([['sendEmail', { email: 'compras@alfa.com.br', message }]]));
    // Online, the success shows only once the server accepted it (here: its entry leaves the outbox, as after a 2xx).
    expect(screen.queryByText('Orçamento enviado com sucesso')).toBeNull();
    await db.outbox.delete((await commandEntry()).seq!);
    expect(await screen.findByText('Orçamento enviado com sucesso')).toBeInTheDocument();
  });

  it('E-mail: a send the server refuses shows its message', { timeout: 30_000 }, async () => {
    const key = await quotationOf({ name: 'Fundição Ômega', email: 'compras@omega.com.br', phone: '(11) 3322-4455' });
    await renderApp(db, routes, `/admin/orcamentos/${key}`);
    fireEvent.click(await openMenu('Enviar', 'E-mail'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Enviar orçamento por e-mail' })).getByRole('button', { name: 'Enviar' }));
    await waitFor(async () => expect(await commands()).toHaveLength(1));
    await db.outbox.put({
      ...(await commandEntry()),
      status: 'failed',
      error: { code: 'validation', message: 'Orçamento não encontrado.', status: 404 },
    });
    // In a notification (the page's own box also shows the refused change, as for any record).
    const notified = () => [...document.querySelectorAll('.mantine-Notification-description')].map((element) => element.textContent);
    await waitFor(() => expect(notified()).toContain('Orçamento não encontrado.'));
  });

  it('E-mail: an invalid address is refused at the field and nothing is queued', { timeout: 30_000 }, async () => {
    const key = await quotationOf({ name: 'Fundição Beta', email: 'compras@beta.com.br', phone: '(11) 3322-4455' });
    await renderApp(db, routes, `/admin/orcamentos/${key}`);
    fireEvent.click(await openMenu('Enviar', 'E-mail'));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar orçamento por e-mail' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'sem-arroba' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('E-mail é inválido')).toBeInTheDocument();
    expect(await commands()).toEqual([]);
  });

  it('Whatsapp: opens the wa.me link built on the device and queues the send; a blocked pop-up queues nothing', { timeout: 30_000 }, async () => {
    const key = await quotationOf({ name: 'Fundição Gama', email: 'compras@gama.com.br', phone: '(11) 98765-4321' });
    const open = vi.spyOn(window, 'open').mockReturnValueOnce(null);
    await renderApp(db, routes, `/admin/orcamentos/${key}`);
    fireEvent.click(await openMenu('Enviar', 'Whatsapp'));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar orçamento por Whatsapp' });
    expect(within(dialog).getByRole('textbox', { name: 'Telefone' })).toHaveValue('(11) 98765-4321');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Os popup do seu navegador estão bloqueados')).toBeInTheDocument();
    expect(await commands()).toEqual([]);

    open.mockReturnValueOnce({ opener: window } as unknown as Window);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    const message = 'Oi Fundição Gama, orçamento de R$ 300,50.';
    expect(open).toHaveBeenLastCalledWith(`https://wa.me/5511987654321?text=${encodeURIComponent(message)}`, '_blank');
    await waitFor(async () => expect(await commands()).toEqual([['sendWhatsapp', { phone: '(11) 98765-4321', message }]]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enviar orçamento por Whatsapp' })).toBeNull());
  });

  it('E-mail and Whatsapp are disabled for a customer (as the server had it) with neither', { timeout: 30_000 }, async () => {
    const [customerKey] = await pulled(db, 'customers', [
      {
        id: 7,
        name: 'Cliente Antigo',
        type: 'individual',
        document: null,
        email: null,
        phone: null,
        comment: null,
        contact: null,
        contact_name: null,
        addresses: [],
        f_created_at: '20/11/2026',
        files: [],
        created_at: AT,
        updated_at: AT,
      },
    ]);
    const key = await saveRecord(db, 'quotations', null, { customer_key: customerKey, rows: [{ name: 'Ruído', quantity: 1, value: 10 }], total: 10 });
    await renderApp(db, routes, `/admin/orcamentos/${key}`);
    expect(await openMenu('Enviar', 'E-mail')).toHaveAttribute('data-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'Whatsapp' })).toHaveAttribute('data-disabled', 'true');
  });
});

describe('Imprimir', () => {
  it('offers Orçamento and Garantia; a blocked pop-up shows the message', { timeout: 30_000 }, async () => {
    const key = await quotationOf({ name: 'Fundição Delta', email: 'compras@delta.com.br', phone: '(11) 3322-4455' });
    vi.spyOn(window, 'open').mockReturnValue(null);
    await renderApp(db, routes, `/admin/orcamentos/${key}`);
    fireEvent.click(await openMenu('Imprimir', 'Orçamento'));
    expect(await screen.findByText('Os popup do seu navegador estão bloqueados')).toBeInTheDocument();
    fireEvent.click(await openMenu('Imprimir', 'Garantia'));
    const dialog = await screen.findByRole('dialog', { name: 'Imprimir garantia' });
    expect(within(dialog).getByRole('textbox', { name: 'Prazo de garantia (dias)' })).toHaveValue('90');
  });

  it('Garantia counts from the report’s delivery: asked in the modal, the quotation’s delivery date by default', { timeout: 30_000 }, async () => {
    const key = await quotationOf({ name: 'Fundição Épsilon', email: 'compras@epsilon.com.br', phone: '(11) 3322-4455' });
    await db.records('quotations').update(key, { delivery_date: '2027-01-04', duration_time: 15 });
    const rendered = printedRequests();
    await renderApp(db, routes, `/admin/orcamentos/${key}`);
    fireEvent.click(await openMenu('Imprimir', 'Garantia'));
    const dialog = await screen.findByRole('dialog', { name: 'Imprimir garantia' });
    const delivered = within(dialog).getByRole('textbox', { name: 'Entrega do relatório' });
    expect(delivered).toHaveValue('04/01/2027');
    fireEvent.change(delivered, { target: { value: '' } });
    expect(within(dialog).getByText('Informe a data de entrega do relatório')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Imprimir' })).toBeDisabled();
    fireEvent.change(delivered, { target: { value: '10012027' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(rendered).toEqual([expect.objectContaining({ kind: 'warranty', days: 90, deliveredAt: '2027-01-10' })]));
  });

  it('warns once, on the first print, while the company data is not filled', { timeout: 30_000 }, async () => {
    const key = await quotationOf({ name: 'Fundição Zeta', email: 'compras@zeta.com.br', phone: '(11) 3322-4455' });
    vi.spyOn(window, 'open').mockReturnValue(null);
    await renderApp(db, routes, `/admin/orcamentos/${key}`);
    fireEvent.click(await openMenu('Imprimir', 'Orçamento'));
    expect(await screen.findByText(COMPANY_WARNING)).toBeInTheDocument();
    fireEvent.click(await openMenu('Imprimir', 'Orçamento'));
    await waitFor(() => expect(screen.getAllByText('Os popup do seu navegador estão bloqueados').length).toBeGreaterThanOrEqual(2));
    expect(screen.getAllByText(COMPANY_WARNING)).toHaveLength(1);
  });

  it('does not warn when the company data is filled', { timeout: 30_000 }, async () => {
    const key = await quotationOf({ name: 'Fundição Eta', email: 'compras@eta.com.br', phone: '(11) 3322-4455' });
    const company = FILLED_COMPANY_SETTINGS;
    await pulled(
      db,
      'settings',
      Object.entries(company).map(([option, value], index) => ({ id: 100 + index, option, value, created_at: AT, updated_at: AT })),
    );
    vi.spyOn(window, 'open').mockReturnValue(null);
    await renderApp(db, routes, `/admin/orcamentos/${key}`);
    fireEvent.click(await openMenu('Imprimir', 'Orçamento'));
    expect(await screen.findByText('Os popup do seu navegador estão bloqueados')).toBeInTheDocument();
    expect(screen.queryByText(COMPANY_WARNING)).toBeNull();
  });
});

/** What the print menu asked the renderer for; the tab it opens is a stand-in (jsdom draws no PDF). */
function printedRequests(): unknown[] {
  const tab = { document: { title: '', body: { textContent: '' } }, location: { href: '' }, close: () => undefined };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  URL.createObjectURL ??= () => '';
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
  return renderRequests;
}
