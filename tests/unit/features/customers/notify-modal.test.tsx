/**
 * 'Notificar por e-mail' (issue 8): the message starts as the settings'
 * template (kept on the device) with the customer's placeholders filled in ({cliente},
 * {contato}, {tipo_documento}, {documento}), never the raw placeholders; what
 * the user then edits is what is sent.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncDatabase } from '@sync/store/database';
import { fillCustomerPlaceholders } from '@sync/contract/message-template';
import { NEW_FILES_TEMPLATE_OPTION, type CustomerRemote } from '@/features/customers/customer-remote';
import { NotifyModal } from '@/features/customers/notify-modal';
import { closeTestDb, openTestDb, renderApp } from '../render-app';
import { pulled } from '../server-records';

const TEMPLATE = 'Olá {contato}, há novos arquivos de {cliente} ({tipo_documento} {documento}).';

describe('placeholders', () => {
  it.each([
    [
      { name: 'Metalúrgica Alfa', type: 'corporate', document: '11222333000181', contactName: 'Ana Souza' },
      'Olá Ana Souza, há novos arquivos de Metalúrgica Alfa (CNPJ 11.222.333/0001-81).',
    ],
    [
      { name: 'Maria da Silva', type: 'individual', document: null, contactName: null },
      'Olá Maria da Silva, há novos arquivos de Maria da Silva (CPF ).',
    ],
  ] as const)('%j', (customer, expected) => {
    expect(fillCustomerPlaceholders(TEMPLATE, customer)).toBe(expected);
  });

  it('empties the quotation placeholders a customer message cannot fill', () => {
    expect(
      fillCustomerPlaceholders('{orcamento}: {total} ({total_extenso}) {cliente}', {
        name: 'X',
        type: 'individual',
        document: null,
        contactName: null,
      }),
    ).toBe(':  () X');
  });
});

let db: SyncDatabase;
beforeEach(() => {
  db = openTestDb();
});
afterEach(() => closeTestDb(db));

describe('the modal', () => {
  it('shows the filled message, and sends what the user leaves in it', async () => {
    const sent: Array<{ email: string | null; message: string | null }> = [];
    const remote: CustomerRemote = {
      notifyNewFiles: async (_id, input) => {
        sent.push(input);
        return 'Notificação de novos arquivos enviada com sucesso';
      },
    };
    const at = new Date().toISOString();
    await pulled(db, 'settings', [{ id: 1, option: NEW_FILES_TEMPLATE_OPTION, value: TEMPLATE, created_at: at, updated_at: at }]);
    const customer = {
      id: 7,
      email: 'contato@alfa.com.br',
      name: 'Metalúrgica Alfa',
      type: 'corporate' as const,
      document: '11222333000181',
      contactName: 'Ana Souza',
    };
    await renderApp(db, { '/c': () => <NotifyModal opened onClose={() => undefined} customer={customer} remote={remote} /> }, '/c');
    const message = await screen.findByRole('textbox', { name: 'Mensagem' });
    await waitFor(() => expect(message).toHaveValue('Olá Ana Souza, há novos arquivos de Metalúrgica Alfa (CNPJ 11.222.333/0001-81).'));
    expect((message as HTMLTextAreaElement).value).not.toMatch(/\{(contato|cliente)\}/);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      email: 'contato@alfa.com.br',
      message: 'Olá Ana Souza, há novos arquivos de Metalúrgica Alfa (CNPJ 11.222.333/0001-81).',
    });
  });
});
