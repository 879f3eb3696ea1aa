/**
 * Configuration from the environment: defaults, durations with units,
 * derived values, and every invalid variable reported at once.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 60 * 86_400,
      adminUsername: 'admin',
      adminPassword: undefined,
      databaseUrl: undefined,
      smtpUrl: undefined,
      tokenSecret: undefined,
      skipPwaBuild: false,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it.each([
    ['900', 900],
    ['45s', 45],
    ['15m', 900],
    ['12h', 43_200],
    ['60d', 5_184_000],
  ])('reads the duration %s as %i seconds', (text, seconds) => {
    expect(loadConfig({ ACCESS_TOKEN_TTL: text }).accessTokenTtlSeconds).toBe(seconds);
  });

  it.each([
    [{}, 1],
    [{ WORKERS: '2', DATABASE_URL: 'postgres://localhost/higiene' }, 2],
  ])('reads WORKERS (%o) as %i processes', (env, workers) => {
    expect(loadConfig(env).workers).toBe(workers);
  });

  it.each([
    [{ WORKERS: '2' }, /WORKERS: above 1 needs DATABASE_URL/],
    [{ WORKERS: '0', DATABASE_URL: 'postgres://localhost/higiene' }, /WORKERS/],
    [{ WORKERS: 'two', DATABASE_URL: 'postgres://localhost/higiene' }, /WORKERS/],
  ])('refuses WORKERS in %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('derives PUBLIC_URL from PORT and trims its trailing slash', () => {
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://app.empresa.com.br/' }).publicUrl).toBe('https://app.empresa.com.br');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', ADMIN_PASSWORD: '' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
      adminPassword: undefined,
    });
  });

  it.each([
    ['SKIP_PWA_BUILD', '1', true],
    ['SKIP_PWA_BUILD', 'true', true],
    ['SKIP_PWA_BUILD', '0', false],
  ])('reads the flag %s=%s', (key, value, expected) => {
    expect(loadConfig({ [key]: value }).skipPwaBuild).toBe(expected);
  });

  it('lists every invalid variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', SMTP_URL: 'http://mail', TOKEN_SECRET: 'short', ACCESS_TOKEN_TTL: '0', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const key of ['PORT', 'SMTP_URL', 'TOKEN_SECRET', 'ACCESS_TOKEN_TTL', 'DATABASE_URL']) expect(message).toContain(key);
  });
});
