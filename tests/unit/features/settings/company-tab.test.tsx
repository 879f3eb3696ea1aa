/**
 * 'Dados da empresa' through the screen, against the real server: the
 * required fields show nothing before the first attempt, then valid or
 * invalid and are re-checked on every change; nothing is sent while one is
 * invalid; a valid form is saved ('Configurações salvas com sucesso') and
 * the device has it; the server's refusal shows every message on its own
 * line; offline the save is refused plainly and nothing typed is lost.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ONLINE_WRITE_MESSAGES } from '@sync/engine/online-writes';
import { SETTINGS_MESSAGES as M } from '@sync/contract/settings-groups';
import { cnpjCheckDigits } from '@/domain/documents';
import { type Device, enter, goOffline, openDevice, postcodeService, renderSettings, visibleField } from './settings-support';
import { startTestServer, type TestServer } from '../../support/test-server';

let t: TestServer;
let device: Device;

beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(() => t?.stop());
beforeEach(async () => {
  device = await openDevice(t);
  vi.stubGlobal('fetch', postcodeService({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' }));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await device.close();
});

const field = (label: string) => visibleField(new RegExp(`^${label}`));
const salvar = () => screen.getByRole('button', { name: 'Salvar' });

/** A valid company: the CEP's lookup fills street, district, city and state. */
async function fillValidCompany(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, field('CNPJ'), '11222333000181');
  await enter(user, field('E-mail'), 'contato@higiene.com.br');
  await enter(user, field('CEP'), '01310100');
  await waitFor(() => expect(field('Endereço')).toHaveValue('Avenida Paulista'));
  await enter(user, field('Número'), '1000');
}

describe('Dados da empresa', () => {
  it('shows valid/invalid only after the first attempt, re-checks on each change, and sends nothing while invalid', {
    timeout: 120_000,
  }, async () => {
    const user = userEvent.setup({ delay: null });
    await renderSettings(device);
    await screen.findByRole('tab', { name: 'Dados da empresa' });
    expect(screen.queryByText(M.cnpjRequired)).toBeNull();
    await enter(user, field('CNPJ'), '1122233300018');
    expect(screen.queryByText(M.cnpjInvalid)).toBeNull(); // nothing judged before the first attempt

    await user.click(salvar());
    expect(await screen.findByText(M.cnpjInvalid)).toBeInTheDocument();
    for (const message of [
      M.emailRequired,
      M.addressRequired,
      M.numberRequired,
      M.districtRequired,
      M.cityRequired,
      M.stateRequired,
      M.zipcodeRequired,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    // Re-checked on every change: the last digit makes the CNPJ valid at once, and the field says so.
    await user.type(field('CNPJ'), '1');
    await waitFor(() => expect(screen.queryByText(M.cnpjInvalid)).toBeNull());
    expect(field('CNPJ')).toHaveValue('11.222.333/0001-81');
    expect(field('CNPJ')).toHaveAttribute('data-valid', 'true');
    expect(field('E-mail')).not.toHaveAttribute('data-valid');
    expect(within(field('CNPJ').parentElement!).getByLabelText('Válido')).toBeInTheDocument();
    await enter(user, field('E-mail'), 'contato@');
    expect(await screen.findByText(M.emailInvalid)).toBeInTheDocument();
    expect(await device.option('company_cnpj')).toBe(''); // nothing was sent
  });

  it('saves a valid form, masked and capitalised, and the device has it', { timeout: 120_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    await renderSettings(device);
    await screen.findByRole('tab', { name: 'Dados da empresa' });
    await fillValidCompany(user);
    expect(screen.getByRole('combobox', { name: /^Estado/ })).toHaveValue('SP - São Paulo');
    await user.clear(field('Bairro'));
    await enter(user, field('Bairro'), 'jardim da saúde');
    await user.click(salvar());
    expect(await screen.findByText(M.companySaved)).toBeInTheDocument();
    expect(await device.option('company_district')).toBe('Jardim da Saúde');
    expect(await device.option('company_cnpj')).toBe('11.222.333/0001-81');
    expect(await device.option('company_address')).toBe('Avenida Paulista');
    expect(await device.option('company_zipcode')).toBe('01.310-100');
    expect(await device.option('company_state')).toBe('SP');
  });

  // The tests below start from the company saved above (one server for the file).
  it('accepts an alphanumeric CNPJ', { timeout: 120_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    const cnpj = `12.ABC.345/01DE-${cnpjCheckDigits('12ABC34501DE')}`;
    await renderSettings(device);
    await screen.findByRole('tab', { name: 'Dados da empresa' });
    await user.clear(field('CNPJ'));
    await enter(user, field('CNPJ'), `12abc34501de${cnpjCheckDigits('12ABC34501DE')}`);
    expect(field('CNPJ')).toHaveValue(cnpj);
    await user.click(salvar());
    expect(await screen.findByText(M.companySaved)).toBeInTheDocument();
    expect(await device.option('company_cnpj')).toBe(cnpj);
  });

  it('offline: refused with a plain message, nothing typed is lost, and it saves once back online', { timeout: 120_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    await renderSettings(device);
    await screen.findByRole('tab', { name: 'Dados da empresa' });
    await user.clear(field('Cidade'));
    await enter(user, field('Cidade'), 'campinas');
    const online = goOffline(device);
    try {
      expect(await screen.findByRole('status')).toHaveTextContent('salvar precisa de conexão');
      await user.click(salvar());
      expect(await screen.findByText(ONLINE_WRITE_MESSAGES.needsConnection)).toBeInTheDocument();
      expect(field('Cidade')).toHaveValue('Campinas');
      expect(await device.option('company_city')).toBe('São Paulo');
    } finally {
      online();
    }
    await user.click(salvar());
    expect(await screen.findByText(M.companySaved)).toBeInTheDocument();
    expect(await device.option('company_city')).toBe('Campinas');
  });

  it('opens offline with the last known data, saying plainly that saving needs a connection', { timeout: 120_000 }, async () => {
    const online = goOffline(device);
    try {
      await renderSettings(device);
      expect(await screen.findByRole('status')).toHaveTextContent('salvar precisa de conexão');
      expect(field('Cidade')).toHaveValue('Campinas');
      expect(field('CNPJ')).toHaveValue(`12.ABC.345/01DE-${cnpjCheckDigits('12ABC34501DE')}`);
    } finally {
      online();
    }
  });
});
