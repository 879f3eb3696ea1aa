/**
 * The postcode lookup (spec section 5: "Postcode lookup runs only when 8
 * digits remain"; section 7: "a public Brazilian postcode service"). Called
 * from the browser directly — it is not the product's API and not synced —
 * at `VITE_POSTCODE_URL` (default ViaCEP, `{cep}` replaced by the 8 digits),
 * with a short timeout. It never throws: offline, slow, refused or odd
 * answers all read as 'unavailable', and the form stays for typing.
 */
import { STATE_CODES } from '@sync/contract/customers';
import { onlyDigits } from '@/domain/masks';

export const DEFAULT_POSTCODE_URL = 'https://viacep.com.br/ws/{cep}/json/';
export const POSTCODE_TIMEOUT_MS = 5_000;

export interface PostcodeAddress {
  street: string;
  district: string;
  city: string;
  /** Two-letter state code, '' when the answer had none we know. */
  state: string;
}

export type PostcodeResult = { kind: 'found'; address: PostcodeAddress } | { kind: 'not-found' } | { kind: 'unavailable' };

export interface PostcodeOptions {
  /** URL template with `{cep}`; defaults to VITE_POSTCODE_URL or ViaCEP. */
  urlTemplate?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The browser's online flag; offline means no request at all. */
  online?: boolean;
}

export function postcodeUrlTemplate(): string {
  const configured = (import.meta.env?.VITE_POSTCODE_URL as string | undefined)?.trim();
  return configured || DEFAULT_POSTCODE_URL;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Reads a ViaCEP-shaped answer ({logradouro, bairro, localidade, uf} or {erro: true}). */
export function readPostcodeAnswer(body: unknown): PostcodeResult {
  if (typeof body !== 'object' || body === null) return { kind: 'unavailable' };
  const answer = body as Record<string, unknown>;
  if (answer.erro === true || answer.erro === 'true') return { kind: 'not-found' };
  const state = text(answer.uf).toUpperCase();
  const address: PostcodeAddress = {
    street: text(answer.logradouro),
    district: text(answer.bairro),
    city: text(answer.localidade),
    state: STATE_CODES.includes(state) ? state : '',
  };
  if (!address.street && !address.district && !address.city && !address.state) return { kind: 'unavailable' };
  return { kind: 'found', address };
}

export async function lookupPostcode(cep: string, options: PostcodeOptions = {}): Promise<PostcodeResult> {
  const digits = onlyDigits(cep);
  if (digits.length !== 8) return { kind: 'not-found' };
  const online = options.online ?? globalThis.navigator?.onLine ?? true;
  if (!online) return { kind: 'unavailable' };
  const fetchFn = options.fetch ?? globalThis.fetch?.bind(globalThis);
  if (!fetchFn) return { kind: 'unavailable' };
  const url = (options.urlTemplate ?? postcodeUrlTemplate()).replace('{cep}', digits);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? POSTCODE_TIMEOUT_MS);
  try {
    const response = await fetchFn(url, { signal: controller.signal, headers: { accept: 'application/json' }, credentials: 'omit' });
    if (response.status === 400 || response.status === 404) return { kind: 'not-found' };
    if (!response.ok) return { kind: 'unavailable' };
    return readPostcodeAnswer(await response.json());
  } catch {
    return { kind: 'unavailable' };
  } finally {
    clearTimeout(timer);
  }
}
