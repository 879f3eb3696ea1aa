/**
 * The fuzz test's table of malformed inputs, by family, and how each one
 * becomes requests for a route. Every case applies to every route it fits
 * (by method, path parameters, query schema or body schema), so a route
 * added later is covered as soon as it is registered.
 *
 * `mustRefuse` marks the cases where accepting the input would be a bug
 * (an id read as another id, a date the database cannot store): the answer
 * must then be a 4xx, not merely "not a 5xx".
 */
import type { z } from 'zod';
import { MAX_ID } from '@sync/contract/fields';
import { nodesOf, sampleOf, withValueAt } from './sample-body';

export type RouteInfo = {
  method: string;
  url: string;
  /** `config.public`: answers without a token. */
  public?: boolean;
  schema: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
};

export type FuzzRequest = {
  family: string;
  name: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  mustRefuse?: boolean;
  /** The one status the answer must have. */
  status?: number;
  /** Sent without the test's token. */
  anonymous?: boolean;
};

const JSON_TYPE = 'application/json';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

function schemaKeys(schema: z.ZodType | undefined): Set<string> {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return new Set(Object.keys(shape ?? {}));
}

/**
 * The route's path with its parameters filled: 1 (the records the test
 * creates first) except for DELETE, which gets an id that exists nowhere,
 * so fuzzing never deletes what later cases read.
 */
export function fillPath(route: RouteInfo, overrides: Record<string, string> = {}): string {
  const fallback = route.method === 'DELETE' ? String(MAX_ID) : '1';
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => overrides[name] ?? fallback);
}

/* ---------- path parameters ---------- */

const BAD_IDS: Array<[string, string]> = [
  ['hexadecimal', '0x1'],
  ['expoente', '1e0'],
  ['sinal', '+1'],
  ['espaço antes', '%201'],
  ['decimal', '1.0'],
  ['zero à esquerda', '01'],
  ['zero', '0'],
  ['negativo', '-1'],
  ['além do inteiro', '2147483648'],
  ['20 algarismos', '99999999999999999999'],
  ['texto', 'abc'],
  ['NUL', '%00'],
  ['percent solto', '%'],
  ['UTF-8 cortado', '%E0%A4%A'],
  ['2.000 caracteres', '9'.repeat(2000)],
];

function paramCases(route: RouteInfo): FuzzRequest[] {
  const declared = schemaKeys(route.schema.params);
  const write = WRITE_METHODS.has(route.method);
  return paramNames(route.url).flatMap((param) =>
    BAD_IDS.map(
      ([name, value]): FuzzRequest => ({
        family: 'ids',
        name: `${param} ${name}`,
        method: route.method,
        url: fillPath(route, { [param]: value }),
        headers: write ? { 'content-type': JSON_TYPE } : {},
        ...(write ? { payload: '{}' } : {}),
        // A parameter the route validates must never read a malformed id as a valid one (0 is a valid skip).
        mustRefuse: declared.has(param) && !(param === 'skip' && value === '0'),
      }),
    ),
  );
}

/* ---------- query strings ---------- */

type QueryCase = { name: string; query: string; refuseWhen?: string };

const QUERIES: QueryCase[] = [
  { name: 'updated_since no ano 0000', query: 'updated_since=0000-01-01T00:00:00Z', refuseWhen: 'updated_since' },
  { name: 'updated_since que o fuso leva ao ano 0000', query: 'updated_since=0001-01-01T00:00:00%2B01:00', refuseWhen: 'updated_since' },
  { name: 'updated_since no ano 0001', query: 'updated_since=0001-01-01T00:00:00Z' },
  { name: 'updated_since no ano 9999', query: 'updated_since=9999-12-31T23:59:59.999Z' },
  { name: 'updated_since de seis algarismos', query: 'updated_since=%2B275760-09-13T00:00:00.000Z', refuseWhen: 'updated_since' },
  { name: 'updated_since impossível', query: 'updated_since=2026-13-45T99:99:99Z', refuseWhen: 'updated_since' },
  { name: 'updated_since repetido', query: 'updated_since=2026-01-01T00:00:00Z&updated_since=2026-01-02T00:00:00Z' },
  { name: 'after_id além do inteiro', query: 'updated_since=2026-01-01T00:00:00Z&after_id=2147483648', refuseWhen: 'after_id' },
  { name: 'after_id hexadecimal', query: 'updated_since=2026-01-01T00:00:00Z&after_id=0x1', refuseWhen: 'after_id' },
  { name: 'after_id negativo', query: 'updated_since=2026-01-01T00:00:00Z&after_id=-1', refuseWhen: 'after_id' },
  { name: 'search com NUL', query: 'search=a%00b', refuseWhen: '' },
  { name: 'search de 10.000 caracteres', query: `search=${'x'.repeat(10_000)}`, refuseWhen: 'search' },
  { name: 'search repetido', query: 'search=a&search=b' },
  { name: 'search com curingas de SQL', query: 'search=%25_%5C%27%22' },
  { name: 'search com UTF-8 inválido', query: 'search=%FF%FE' },
  { name: 'chave desconhecida com NUL', query: 'desconhecido=%00', refuseWhen: '' },
  { name: 'take hexadecimal', query: 'take=0x10', refuseWhen: 'take' },
];

function queryCases(route: RouteInfo): FuzzRequest[] {
  if (route.method !== 'GET') return [];
  const keys = schemaKeys(route.schema.querystring);
  return QUERIES.map((item) => ({
    family: 'datas e consultas',
    name: item.name,
    method: 'GET',
    url: `${fillPath(route)}?${item.query}`,
    headers: {},
    // '' = refused whatever the route declares (NUL anywhere).
    mustRefuse: item.refuseWhen === '' || (item.refuseWhen !== undefined && keys.has(item.refuseWhen)),
  }));
}

/* ---------- raw bodies: types, nesting, content types ---------- */

const nested = (open: string, inner: string, close: string, levels: number) => open.repeat(levels) + inner + close.repeat(levels);

const BOUNDARY = 'fuzzboundary';

/** A well-formed multipart body: text fields, then one small text file. */
function multipart(fields: Record<string, string>, fileName: string): string {
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const file = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\nconteúdo\r\n`;
  return `${parts.join('')}${file}--${BOUNDARY}--\r\n`;
}

type RawCase = { name: string; payload: string; type?: string; mustRefuse?: boolean };

const RAW_BODIES: RawCase[] = [
  { name: 'JSON quebrado', payload: '{"name": "x",', mustRefuse: true },
  { name: 'corpo JSON vazio', payload: '' },
  { name: 'null', payload: 'null' },
  { name: 'lista', payload: '[]' },
  { name: 'texto', payload: '"x"' },
  { name: 'número', payload: '42' },
  { name: 'booleano', payload: 'true' },
  { name: '__proto__', payload: '{"__proto__":{"admin":true}}', mustRefuse: true },
  { name: 'constructor.prototype', payload: '{"constructor":{"prototype":{"admin":true}}}', mustRefuse: true },
  { name: 'NUL numa chave e num valor desconhecidos', payload: '{"desconhecido\\u0000":"a\\u0000b"}', mustRefuse: true },
  { name: 'objeto aninhado 20.000 níveis', payload: nested('{"a":', '1', '}', 20_000), mustRefuse: true },
  { name: 'lista aninhada 20.000 níveis', payload: nested('[', '', ']', 20_000), mustRefuse: true },
  { name: 'aninhado 33 níveis', payload: nested('{"a":', '1', '}', 33), mustRefuse: true },
  { name: 'corpo de 3 MB', payload: JSON.stringify({ x: 'x'.repeat(3 * 1024 * 1024) }), mustRefuse: true },
  { name: 'text/plain', payload: 'x', type: 'text/plain', mustRefuse: true },
  { name: 'application/xml', payload: '<a/>', type: 'application/xml', mustRefuse: true },
  { name: 'formulário com NUL', payload: 'name=a%00b&token=a%00', type: 'application/x-www-form-urlencoded', mustRefuse: true },
  { name: 'multipart sem boundary', payload: '--x\r\n', type: 'multipart/form-data' },
  {
    name: 'multipart cortado',
    payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nabc',
    type: 'multipart/form-data; boundary=b',
  },
  {
    name: 'multipart com NUL no nome e no arquivo',
    payload: multipart({ name: 'a\u0000b' }, 'a\u0000.txt'),
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    mustRefuse: true,
  },
  {
    name: 'multipart com nome de 300 caracteres',
    payload: multipart({ name: 'n'.repeat(300) }, 'a.txt'),
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    mustRefuse: true,
  },
  { name: 'charset utf-16', payload: '{}', type: 'application/json; charset=utf-16' },
  { name: 'content-type desconhecido com parâmetros', payload: '{}', type: 'application/json-patch+json; x=1' },
];

function rawBodyCases(route: RouteInfo): FuzzRequest[] {
  if (!WRITE_METHODS.has(route.method)) return [];
  return RAW_BODIES.map((item) => ({
    family: 'corpos',
    name: item.name,
    method: route.method,
    url: fillPath(route),
    headers: { 'content-type': item.type ?? JSON_TYPE },
    payload: item.payload,
    mustRefuse: item.mustRefuse,
  }));
}

/* ---------- fields of the route's own body schema ---------- */

const LONG = 'x'.repeat(100_001);

const STRING_MUTATIONS: Array<[string, unknown]> = [
  ['NUL', 'a\u0000b'],
  ['3.000 caracteres', 'Nome '.repeat(600)],
  ['100.001 caracteres', LONG],
  ['data do ano 0000', '0000-01-01'],
  ['instante do ano 0000', '0000-01-01T00:00:00Z'],
  ['número', 42],
  ['null', null],
  ['objeto', {}],
];

const NUMBER_MUTATIONS: Array<[string, unknown]> = [
  ['além do inteiro', 2_147_483_648],
  ['negativo', -1],
  ['1e300', 1e300],
  ['fração', 0.5],
  ['texto', '1'],
  ['null', null],
  ['texto com NUL', '1\u0000'],
];

const CONTAINER_MUTATIONS: Array<[string, unknown]> = [
  ['objeto vazio', {}],
  ['só chaves desconhecidas', { desconhecido: 'x', outro: 1 }],
  ['lista vazia', []],
  ['lista de 10.000 itens', Array.from({ length: 10_000 }, () => 1)],
];

function fieldCases(route: RouteInfo): FuzzRequest[] {
  if (!route.schema.body || !WRITE_METHODS.has(route.method)) return [];
  const base = sampleOf(route.schema.body);
  const request = (name: string, body: unknown): FuzzRequest => ({
    family: 'campos',
    name,
    method: route.method,
    url: fillPath(route),
    headers: { 'content-type': JSON_TYPE },
    payload: JSON.stringify(body),
  });
  const cases: FuzzRequest[] = [
    request('corpo de exemplo', base),
    request('corpo {}', {}),
    request('só chaves desconhecidas', { desconhecido: 'x' }),
  ];
  for (const node of nodesOf(base)) {
    const where = node.path.join('.');
    const mutations =
      node.kind === 'number' ? NUMBER_MUTATIONS : node.kind === 'object' || node.kind === 'array' ? CONTAINER_MUTATIONS : STRING_MUTATIONS;
    for (const [name, value] of mutations) cases.push(request(`${where}: ${name}`, withValueAt(base, node.path, value)));
  }
  return cases;
}

/* ---------- headers ---------- */

function headerCases(route: RouteInfo): FuzzRequest[] {
  const cases: FuzzRequest[] = [
    {
      family: 'cabeçalhos',
      name: 'Bearer de 10.000 caracteres',
      method: route.method,
      url: fillPath(route),
      headers: { authorization: `Bearer ${'x'.repeat(10_000)}` },
    },
    {
      family: 'cabeçalhos',
      name: 'Bearer em três partes falsas',
      method: route.method,
      url: fillPath(route),
      headers: { authorization: 'Bearer a.b.c' },
    },
    { family: 'cabeçalhos', name: 'Basic', method: route.method, url: fillPath(route), headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } },
  ];
  if (route.method === 'PUT' || route.method === 'DELETE') {
    for (const [name, value] of [
      ['If-Match do ano 0000', '0000-01-01T00:00:00Z'],
      ['If-Match que não é data', 'ontem'],
      ['If-Match de 5.000 caracteres', '9'.repeat(5_000)],
    ] as const) {
      cases.push({
        family: 'cabeçalhos',
        name,
        method: route.method,
        url: fillPath(route),
        headers: { 'if-match': value, 'content-type': JSON_TYPE },
        payload: '{}',
        mustRefuse: true,
      });
    }
  }
  if (WRITE_METHODS.has(route.method)) {
    for (const [name, value] of [
      ['Idempotency-Key com espaço', 'a b'],
      ['Idempotency-Key de 300 caracteres', 'k'.repeat(300)],
    ] as const) {
      cases.push({
        family: 'cabeçalhos',
        name,
        method: route.method,
        url: fillPath(route),
        headers: { 'idempotency-key': value, 'content-type': JSON_TYPE },
        payload: '{}',
        mustRefuse: true,
      });
    }
  }
  return cases;
}

/* ---------- no token ---------- */

/** Every route not marked public refuses a request without a token (401), whatever it carries. */
function anonymousCases(route: RouteInfo): FuzzRequest[] {
  if (route.public || !/^\/(api|oauth)\//.test(route.url)) return [];
  const write = WRITE_METHODS.has(route.method);
  const body = route.schema.body && write ? JSON.stringify(sampleOf(route.schema.body)) : write ? '{}' : undefined;
  return [
    {
      family: 'sem token',
      name: 'corpo de exemplo, sem token',
      method: route.method,
      url: fillPath(route),
      headers: write ? { 'content-type': JSON_TYPE } : {},
      ...(body !== undefined ? { payload: body } : {}),
      anonymous: true,
      status: 401,
    },
  ];
}

/** Every malformed request for one route; `authorization` is added by the caller unless a case sets its own or is anonymous. */
export function casesFor(route: RouteInfo): FuzzRequest[] {
  return [...paramCases(route), ...queryCases(route), ...rawBodyCases(route), ...fieldCases(route), ...headerCases(route), ...anonymousCases(route)];
}
