/**
 * UPLOAD_LIMIT_MB reaches the upload call: a limit of half a megabyte
 * refuses 512 KiB + 1 byte with its own figure in the message, and the
 * configuration refuses a limit that is not a positive number.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { adminToken } from '../catalog/support';
import { createCustomer, upload } from './support';

let t: TestApp;
let token: string;
let customerId: number;

beforeAll(async () => {
  t = await startTestApp({ env: { UPLOAD_LIMIT_MB: '0.5' } });
  token = await adminToken(t);
  customerId = (await createCustomer(t, token)).id;
});
afterAll(() => t.close());

it('applies the configured limit and states it', async () => {
  const within = await upload(t, token, customerId, { data: Buffer.alloc(512 * 1024, 1) });
  expect(within.status).toBe(201);
  const over = await upload(t, token, customerId, { data: Buffer.alloc(512 * 1024 + 1, 1) });
  expect(over.status).toBe(413);
  expect(over.body).toEqual({ message: 'Arquivo maior que o limite de 0,5 MB.' });
});

it('reads UPLOAD_LIMIT_MB, 5 by default', () => {
  expect(loadConfig({}).uploadLimitMb).toBe(5);
  expect(loadConfig({ UPLOAD_LIMIT_MB: '20' }).uploadLimitMb).toBe(20);
  expect(() => loadConfig({ UPLOAD_LIMIT_MB: '0' })).toThrow(ConfigError);
  expect(() => loadConfig({ UPLOAD_LIMIT_MB: 'muito' })).toThrow(ConfigError);
});
