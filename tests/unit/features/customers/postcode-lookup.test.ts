/**
 * The postcode lookup (src/ui/postcode) against a stubbed service (the one
 * thing outside this machine): the answer fills street, district, city and
 * state; 'erro', 404, 500, a network failure, a slow service and being
 * offline all end quietly, and offline makes no request at all.
 */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_POSTCODE_URL, lookupPostcode, readPostcodeAnswer } from '@/ui/postcode';

const VIACEP = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  complemento: 'de 612 a 1510 - lado par',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('lookupPostcode', () => {
  it('asks the configured URL with the 8 digits and reads the address', async () => {
    const fetch = vi.fn(async () => json(VIACEP));
    const result = await lookupPostcode('01.310-100', { fetch, online: true });
    expect(fetch).toHaveBeenCalledWith('https://viacep.com.br/ws/01310100/json/', expect.anything());
    expect(DEFAULT_POSTCODE_URL).toBe('https://viacep.com.br/ws/{cep}/json/');
    expect(result).toEqual({ kind: 'found', address: { street: 'Avenida Paulista', district: 'Bela Vista', city: 'São Paulo', state: 'SP' } });
    await lookupPostcode('01310100', { fetch, online: true, urlTemplate: 'http://127.0.0.1:9/cep/{cep}' });
    expect(fetch).toHaveBeenLastCalledWith('http://127.0.0.1:9/cep/01310100', expect.anything());
  });

  it.each([
    ['erro: true', async () => json({ erro: true }), 'not-found'],
    ["erro: 'true'", async () => json({ erro: 'true' }), 'not-found'],
    ['404', async () => json({}, 404), 'not-found'],
    ['500', async () => json({ message: 'x' }, 500), 'unavailable'],
    ['not JSON', async () => new Response('<html>', { status: 200 }), 'unavailable'],
    ['an empty object', async () => json({}), 'unavailable'],
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch')), 'unavailable'],
  ])('%s → %s', async (_case, answer, kind) => {
    expect((await lookupPostcode('01310100', { fetch: vi.fn(answer), online: true })).kind).toBe(kind);
  });

  it('gives up on a slow service after its timeout', async () => {
    const fetch = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    expect(await lookupPostcode('01310100', { fetch: fetch as never, online: true, timeoutMs: 20 })).toEqual({ kind: 'unavailable' });
  });

  it('makes no request offline or without 8 digits', async () => {
    const fetch = vi.fn(async () => json(VIACEP));
    expect(await lookupPostcode('01310100', { fetch, online: false })).toEqual({ kind: 'unavailable' });
    expect(await lookupPostcode('0131010', { fetch, online: true })).toEqual({ kind: 'not-found' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('drops a state it does not know', () => {
    expect(readPostcodeAnswer({ ...VIACEP, uf: 'ZZ' })).toMatchObject({ address: { state: '' } });
  });
});
