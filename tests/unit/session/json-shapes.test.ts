/**
 * The hand-written readers the login page uses instead of zod
 * (sync/session/session-shapes.ts, the error body in sync/http/api-error.ts)
 * against the contract's zod schemas, which stay the source of truth: every
 * body of the table, and every one-field mutation of each valid body (a
 * field removed, set to each wrong kind of value, an unknown key added),
 * must be accepted or refused by both, with the same result.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { tokenResponseSchema } from '@sync/contract/auth';
import { apiErrorSchema } from '@sync/contract/errors';
import { currentUserSchema, userCustomersResponseSchema } from '@sync/contract/user';
import { readApiErrorBody } from '@sync/http/api-error';
import { readShape, type Reader } from '@sync/http/json-shape';
import { readCurrentUser, readStoredTokens, readTokenResponse, readUserCustomers } from '@sync/session/session-shapes';
import { makeAdmin, makeUser } from './user-factory';

type Json = unknown;

/** Values put in place of each field: every kind a JSON body can hold, and the edge numbers. */
const REPLACEMENTS: Json[] = [null, '', 'x', 0, 1, -1, 1.5, 2 ** 53, true, false, {}, [], ['x'], { id: 1 }];
const REMOVED = Symbol('removed');

/** Every body that differs from `body` in one place: a value replaced or removed, or a key added. */
function mutations(body: Json): { label: string; value: Json }[] {
  const out: { label: string; value: Json }[] = [];
  const walk = (node: Json, path: (string | number)[]) => {
    if (path.length > 0) {
      for (const replacement of [...REPLACEMENTS, REMOVED]) {
        out.push({
          label: `${path.join('.')} = ${replacement === REMOVED ? '(removed)' : JSON.stringify(replacement)}`,
          value: setAt(body, path, replacement),
        });
      }
    }
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...path, index]));
    else if (node && typeof node === 'object') {
      out.push({ label: `${path.join('.') || '(root)'} + unknown key`, value: setAt(body, [...path, 'extra_key'], 'x') });
      for (const [key, value] of Object.entries(node)) walk(value, [...path, key]);
    }
  };
  walk(body, []);
  return out;
}

function setAt(body: Json, path: (string | number)[], value: Json): Json {
  const copy = structuredClone(body) as Record<string | number, Json>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path.at(-1)!;
  if (value === REMOVED) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

interface Pair {
  name: string;
  reader: Reader<unknown>;
  schema: z.ZodType;
  valid: Json[];
  /** Hand-picked bodies beyond the mutations (whole-body cases). */
  others: Json[];
}

const PAIRS: Pair[] = [
  {
    name: 'token grant answer',
    reader: readTokenResponse,
    schema: tokenResponseSchema,
    valid: [{ token_type: 'Bearer', access_token: 'a', refresh_token: 'r', expires_in: 900 }],
    others: [
      null,
      'Bearer',
      [],
      { token_type: 'bearer', access_token: 'a', refresh_token: 'r', expires_in: 900 },
      { token_type: 'Bearer', access_token: 'a', refresh_token: 'r', expires_in: 0 },
      { token_type: 'Bearer', access_token: 'a', refresh_token: 'r', expires_in: '900' },
      { token_type: 'Bearer', access_token: '', refresh_token: '', expires_in: 1 },
    ],
  },
  {
    name: 'signed-in user',
    reader: readCurrentUser,
    schema: currentUserSchema,
    valid: [
      makeUser(),
      makeUser({}, 'cliente'),
      makeAdmin(),
      makeUser({
        phone: '(11) 99999-0000',
        deleted_at: '2026-11-02T10:00:00.000Z',
        settings: { ...makeUser().settings, image_id: 4, image: { id: 4, name: 'foto.jpg', url: '/api/user-image/4' } },
        modules: [],
      }),
    ],
    others: [null, {}, [makeUser()], { ...makeUser(), settings: null }],
  },
  {
    name: "user's customers",
    reader: readUserCustomers,
    schema: userCustomersResponseSchema,
    valid: [
      [],
      [
        { user_id: 7, customer_id: 3, customer: { id: 3, name: 'Metalúrgica Boa Vista' } },
        { user_id: 7, customer_id: 5, customer: { id: 5, name: 'Cerâmica Sul' } },
      ],
    ],
    others: [null, {}, { 0: { user_id: 7, customer_id: 3, customer: { id: 3, name: 'x' } } }],
  },
  {
    name: 'error body',
    reader: readApiErrorBody,
    schema: apiErrorSchema,
    valid: [
      { message: 'E-mail e/ou senha estão incorretos.' },
      { message: 'Dados inválidos', errors: { email: ['E-mail é inválido'], name: ['Nome é obrigatório', 'Nome é longo'] } },
      { message: '', errors: {} },
    ],
    others: [
      null,
      '',
      'Internal Server Error',
      { error: 'x' },
      { message: 'x', errors: { email: 'E-mail é inválido' } },
      { message: 'x', errors: [['x']] },
    ],
  },
];

function zodResult(schema: z.ZodType, body: Json): unknown {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

describe.each(PAIRS)('the $name reader agrees with its zod schema', ({ reader, schema, valid, others }) => {
  const table = [
    ...valid.map((value, index) => ({ label: `valid body ${index + 1}`, value })),
    ...others.map((value) => ({ label: JSON.stringify(value), value })),
    ...valid.flatMap((value) => mutations(value)),
  ];

  it('accepts every valid body, with the same copy as zod', () => {
    for (const value of valid) {
      expect(zodResult(schema, value)).not.toBeNull();
      expect(readShape(reader, value)).toStrictEqual(zodResult(schema, value));
    }
  });

  it.each(table)('$label', ({ value }) => {
    expect(readShape(reader, value)).toStrictEqual(zodResult(schema, value));
  });

  it('the table holds bodies both refuse and bodies both accept beyond the valid ones', () => {
    const outcomes = table.map(({ value }) => zodResult(schema, value) !== null);
    expect(outcomes.filter((accepted) => !accepted).length).toBeGreaterThan(3);
    expect(outcomes.filter((accepted) => accepted).length).toBeGreaterThan(valid.length);
  });
});

describe('the stored tokens reader (local storage only, no server schema)', () => {
  const tokens = { accessToken: 'a', refreshToken: 'r', accessTokenExpiresAt: 1_800_000_000_000 };
  it.each([
    { label: 'valid', value: tokens, expected: tokens },
    { label: 'an unknown key is dropped', value: { ...tokens, extra: 1 }, expected: tokens },
    { label: 'a fractional expiry is kept', value: { ...tokens, accessTokenExpiresAt: 1.5 }, expected: { ...tokens, accessTokenExpiresAt: 1.5 } },
    { label: 'empty access token', value: { ...tokens, accessToken: '' }, expected: null },
    { label: 'empty refresh token', value: { ...tokens, refreshToken: '' }, expected: null },
    { label: 'no refresh token', value: { accessToken: 'a', accessTokenExpiresAt: 1 }, expected: null },
    { label: 'expiry as text', value: { ...tokens, accessTokenExpiresAt: '1800000000000' }, expected: null },
    { label: 'expiry null', value: { ...tokens, accessTokenExpiresAt: null }, expected: null },
    { label: 'an array', value: [tokens], expected: null },
    { label: 'null', value: null, expected: null },
  ])('$label', ({ value, expected }) => {
    expect(readShape(readStoredTokens, value)).toStrictEqual(expected);
  });
});

describe('readShape', () => {
  it('passes on errors that are not shape mismatches', () => {
    const broken: Reader<never> = () => {
      throw new TypeError('bug');
    };
    expect(() => readShape(broken, {})).toThrow(TypeError);
  });
});
