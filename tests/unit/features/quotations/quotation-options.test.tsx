/**
 * 'Opções de orçamento' through the screen, against the real server on
 * loopback (a device with a real local store and an engine that pulls when
 * the write asks): an administrator renames, adds and removes payment
 * conditions and saves the list; the server and the device's copy (what
 * the quotation form offers) have it at once; a type a quotation uses is
 * not removed (the server's message, nothing typed lost); offline the save
 * says it needs a connection; anyone else reads the lists.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUOTATION_OPTION_MESSAGES as M } from '@sync/contract/quotation-options';
import { ONLINE_WRITE_MESSAGES } from '@sync/engine/online-writes';
import { readAll } from '@sync/store/queries';
import { QuotationOptionsPage } from '@/features/quotations';
import { passwordGrant, TEST_ADMIN } from '../../support/node-device';
import { renderWithProviders } from '../../support/render';
import { startTestServer, type TestServer } from '../../support/test-server';
import { type Device, goOffline, openDevice } from '../settings/settings-support';

vi.setConfig({ testTimeout: 60_000 });

let t: TestServer;
let device: Device;

beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(() => t?.stop());
beforeEach(async () => {
  device = await openDevice(t);
});
afterEach(() => device.close());

const payments = () => screen.getByRole('region', { name: 'Formas de pagamento' });
const names = (region: HTMLElement) =>
  within(region)
    .getAllByRole('textbox')
    .map((input) => (input as HTMLInputElement).value);
const onDevice = async (resource: string) =>
  ((await readAll(device.db, resource)) as unknown as Array<{ name: string }>).map((row) => row.name).sort();
const adminToken = () => passwordGrant(t.baseUrl, TEST_ADMIN.username, TEST_ADMIN.password);
const onServer = async (path: string) => {
  const token = await adminToken();
  const response = await fetch(`${t.baseUrl}/${path}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as Array<{ name: string }>).map((row) => row.name);
};

describe('Opções de orçamento', () => {
  it('an administrator renames, adds and removes payment conditions; the server and the device have the list at once', async () => {
    await renderWithProviders(<QuotationOptionsPage canEdit />, { db: device.db, engine: device.engine, notifications: true });
    await waitFor(() => expect(names(payments())).toEqual(['Boleto', 'Cartão', 'PIX', 'Transferência']));
    const save = within(payments()).getByRole('button', { name: 'Salvar' });
    expect(save).toBeDisabled();
    fireEvent.change(within(payments()).getByRole('textbox', { name: 'Formas de pagamento: nome 2' }), { target: { value: 'Cartão de crédito' } });
    fireEvent.click(within(payments()).getByRole('button', { name: 'Remover Transferência' }));
    fireEvent.click(within(payments()).getByRole('button', { name: 'Adicionar' }));
    fireEvent.change(within(payments()).getByRole('textbox', { name: 'Formas de pagamento: nome 4' }), { target: { value: 'Depósito' } });
    fireEvent.click(save);
    expect(await screen.findByText(M.saved.paymentTypes)).toBeInTheDocument();
    const expected = ['Boleto', 'Cartão de crédito', 'Depósito', 'PIX'];
    expect(await onServer('api/quotation/payment-type')).toEqual(expected);
    expect(await onDevice('payment_types')).toEqual(expected);
    await waitFor(() => expect(names(payments())).toEqual(expected));
  });

  it('a type a quotation uses is not removed: the server says why and what was typed stays', async () => {
    const token = await adminToken();
    const call = (method: string, path: string, body: unknown) =>
      fetch(`${t.baseUrl}/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const customer = (await (await call('POST', 'api/customer', { name: 'Olaria Sul', email: 'a@olaria.com.br', phone: '1133224455' })).json()) as {
      id: number;
    };
    const quotation = await call('POST', 'api/quotation', {
      customer_id: customer.id,
      costs: [{ name: 'Visita', value: 10 }],
      total: 10,
      payment_id: 1,
    });
    expect(quotation.status).toBe(201);
    await renderWithProviders(<QuotationOptionsPage canEdit />, { db: device.db, engine: device.engine, notifications: true });
    await waitFor(() => expect(names(payments())).toContain('Boleto'));
    const before = names(payments());
    fireEvent.click(within(payments()).getByRole('button', { name: 'Remover Boleto' }));
    fireEvent.click(within(payments()).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(M.inUse.paymentTypes('Boleto', 1))).toBeInTheDocument();
    expect(names(payments())).toEqual(before.filter((name) => name !== 'Boleto'));
    expect(await onServer('api/quotation/payment-type')).toEqual(before);
  });

  it('offline, Salvar says it needs a connection and keeps what was typed', async () => {
    await renderWithProviders(<QuotationOptionsPage canEdit />, { db: device.db, engine: device.engine, notifications: true });
    const exposition = () => screen.getByRole('region', { name: 'Tipos de exposição' });
    await waitFor(() => expect(names(exposition())).toEqual(['Contínua', 'Eventual', 'Intermitente']));
    const back = goOffline(device);
    try {
      fireEvent.click(within(exposition()).getByRole('button', { name: 'Adicionar' }));
      fireEvent.change(within(exposition()).getByRole('textbox', { name: 'Tipos de exposição: nome 4' }), { target: { value: 'Ocasional' } });
      fireEvent.click(within(exposition()).getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText(ONLINE_WRITE_MESSAGES.needsConnection)).toBeInTheDocument();
      expect(names(exposition())).toEqual(['Contínua', 'Eventual', 'Intermitente', 'Ocasional']);
    } finally {
      back();
    }
    expect(await onDevice('exposition_types')).toEqual(['Contínua', 'Eventual', 'Intermitente']);
  });

  it('anyone else reads the lists, with nothing to edit', async () => {
    await renderWithProviders(<QuotationOptionsPage canEdit={false} />, { db: device.db, engine: device.engine, notifications: true });
    expect(await screen.findByText('Somente administradores alteram estas listas.')).toBeInTheDocument();
    await waitFor(() => expect(within(payments()).getByText('PIX')).toBeInTheDocument());
    expect(within(payments()).queryByRole('textbox')).toBeNull();
    expect(within(payments()).queryByRole('button', { name: 'Salvar' })).toBeNull();
  });
});
