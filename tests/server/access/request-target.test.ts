/**
 * The request target as the router reads it (server/http/request-target.ts):
 * absolute form and dot segments become the path they name; everything else
 * is left exactly as sent.
 */
import { describe, expect, it } from 'vitest';
import { matchedPath, normaliseRequestTarget } from '@server/http/request-target';

const TARGETS: Array<[sent: string, routed: string]> = [
  ['/api/user/2', '/api/user/2'],
  ['/api/user/2?x=1', '/api/user/2?x=1'],
  ['http://x/api/user/2', '/api/user/2'],
  ['HTTP://X/api/user/2', '/api/user/2'],
  ['http://user:pass@x:8080/api/user/2?x=1', '/api/user/2?x=1'],
  ['https://x', '/'],
  ['http://x?a=1', '/?a=1'],
  ['/api/x/../user/2', '/api/user/2'],
  ['/api/./user/2', '/api/user/2'],
  ['/api/x/%2e%2e/user/2', '/api/user/2'],
  ['/api/x/.%2E/user/2?q=..', '/api/user/2?q=..'],
  ['/api/../oauth/token', '/oauth/token'],
  ['http://x/api/x/../../oauth/token', '/oauth/token'],
  ['/../../etc/passwd', '/etc/passwd'],
  ['//api/../x', '//x'],
  ['/%61pi/user/2', '/%61pi/user/2'],
  ['/api/user/file.name..txt', '/api/user/file.name..txt'],
  ['*', '*'],
  ['example.com:443', 'example.com:443'],
];

describe('normaliseRequestTarget', () => {
  it.each(TARGETS)('%s → %s', (sent, routed) => {
    expect(normaliseRequestTarget(sent)).toBe(routed);
  });
});

describe('matchedPath', () => {
  it.each([
    ['/api/quotation/:id', { id: 7 }, '/%61pi/quotation/7', '/api/quotation/7'],
    ['/api/customer/:id/file/:fileId', { id: 1, fileId: 2 }, '/api/customer/1/file/2?x=1', '/api/customer/1/file/2'],
    [undefined, {}, '/nada?x=1', '/nada'],
  ])('%s with %o (sent %s) → %s', (pattern, params, url, expected) => {
    expect(matchedPath({ routeOptions: { url: pattern }, params, url })).toBe(expected);
  });
});
