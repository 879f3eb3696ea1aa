/**
 * The admin guard's decision table: the spec's cookie check, widened so a
 * stored session survives an expired cookie (offline for days), and
 * narrowed so a cookie naming another user forces a new sign-in.
 */
import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessDecision, type AccessFacts } from '@/app/guard/decide-access';

const cases: Array<[string, AccessFacts, AccessDecision]> = [
  [
    'cookie matches the stored user',
    { cookieUserId: 7, storedUserId: 7, hasStoredTokens: true },
    { action: 'allow', reason: 'cookie-matches', reissueCookieFor: 7 },
  ],
  [
    'cookie expired, session stored (offline for days)',
    { cookieUserId: null, storedUserId: 7, hasStoredTokens: true },
    { action: 'allow', reason: 'stored-session', reissueCookieFor: 7 },
  ],
  [
    'cookie names another user',
    { cookieUserId: 8, storedUserId: 7, hasStoredTokens: true },
    { action: 'login', reason: 'cookie-mismatch', clearSession: true },
  ],
  [
    'nothing stored, no cookie',
    { cookieUserId: null, storedUserId: null, hasStoredTokens: false },
    { action: 'login', reason: 'no-session', clearSession: false },
  ],
  [
    'cookie without a stored session',
    { cookieUserId: 7, storedUserId: null, hasStoredTokens: false },
    { action: 'login', reason: 'no-session', clearSession: true },
  ],
  [
    'user stored without tokens',
    { cookieUserId: 7, storedUserId: 7, hasStoredTokens: false },
    { action: 'login', reason: 'no-session', clearSession: true },
  ],
  [
    'tokens stored without a user',
    { cookieUserId: null, storedUserId: null, hasStoredTokens: true },
    { action: 'login', reason: 'no-session', clearSession: true },
  ],
];

describe('decideAccess', () => {
  it.each(cases)('%s', (_name, facts, expected) => {
    expect(decideAccess(facts)).toEqual(expected);
  });
});
