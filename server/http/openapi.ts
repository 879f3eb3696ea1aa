/**
 * The API described: an OpenAPI 3.1 document generated from the same zod
 * schemas the routes validate and serialize with (@fastify/swagger, with
 * fastify-type-provider-zod's `jsonSchemaTransform`), served without a token
 * at `GET /api/openapi.json` (docs/decisions/sign-in-protection-openapi.md says why).
 *
 * Installed before any route, so every route registered later is in it.
 * On top of what each route's schemas say, every operation gets, from one
 * rule each (so a new route is described without extra work):
 *
 * - security: the bearer token, except routes whose `config.access` is public;
 * - errors: the error shape `{ message, errors? }` for 4XX and 5XX;
 * - `Idempotency-Key` on every signed-in write under /api (the plugin's rule);
 * - `If-Match` on every PUT/DELETE that declares a 409 (the conflict answer);
 * - descriptions of `updated_since` and `after_id` where a list accepts them;
 * - a 204 for deletes, and the bodies of the few routes the zod schemas
 *   cannot describe (multipart upload, file downloads): `ROUTE_DOCS`.
 *
 * Routes outside /api and /oauth (the PWA's files) are left out.
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@sync/contract/errors';
import { profileFieldsSchema, USER_IMAGE_FIELD, userCustomerInputSchema, userFieldsSchema } from '@sync/contract/user-input';
import type { ZodApp } from '../app-context';
import { access } from '../auth/access';

export const OPENAPI_PATH = '/api/openapi.json';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };
type DocSchema = Record<string, unknown> & {
  headers?: JsonSchema;
  params?: JsonSchema;
  querystring?: JsonSchema;
  response?: Record<string, JsonSchema>;
  security?: Array<Record<string, string[]>>;
};
type TransformInput = { schema: FastifySchema; url: string; route: RouteOptions; openapiObject: Partial<Record<string, unknown>> };

const SYNC_QUERY: Record<string, string> = {
  updated_since:
    'Extensão de sincronização: com este instante (ISO 8601), a lista vira uma leitura incremental: os registros com (updated_at, id) > (updated_since, after_id), em ordem de (updated_at, id), mais deleted_ids (ids apagados desde então, só os que o usuário podia ver) e server_time (o próximo cursor, menos 60 s de folga). Filtros e busca são ignorados.',
  after_id: 'Com updated_since: o id do último registro lido com o mesmo updated_at (desempate); ausente = 0.',
};

const IDEMPOTENCY_HEADER_DOC: JsonSchema = {
  type: 'string',
  maxLength: 255,
  description:
    'Extensão de sincronização: identificador único da escrita (ex.: UUID). A primeira resposta fica guardada por 24 horas por (usuário, chave); repetir a chave devolve a mesma resposta, com Idempotent-Replayed: true, sem executar de novo. Reusar a chave em outro método ou endereço, ou com outro corpo, responde 422; enquanto a primeira ainda roda, 409 com Retry-After.',
};

const IF_MATCH_HEADER_DOC: JsonSchema = {
  type: 'string',
  description:
    'Extensão de sincronização: o updated_at do registro visto por último (ISO 8601). Se o registro mudou desde então, a resposta é 409 { message, current } e nada muda. Ausente ou "*": a última escrita vence.',
};

/** Bodies and answers the zod schemas do not carry (multipart, bytes), by "METHOD url". */
const ROUTE_DOCS: Record<string, (schema: DocSchema) => void> = {
  'POST /api/customer/:id/file': (schema) => {
    schema.consumes = ['multipart/form-data'];
    schema.body = {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary', description: 'O arquivo (até UPLOAD_LIMIT_MB).' },
        name: { type: 'string', description: 'Nome mostrado; padrão: o nome do arquivo.' },
      },
    };
  },
  'POST /api/user': userForm(userFieldsSchema),
  'POST /api/user/:id': userForm(userFieldsSchema),
  'POST /api/user/profile': userForm(profileFieldsSchema),
  'POST /api/user-customers': userForm(userCustomerInputSchema, false),
  'GET /api/user/image/:key': bytesAnswer('image/jpeg', 'A imagem do usuário (JPEG).'),
  'GET /api/customer/:id/file/:fileId/download': bytesAnswer('application/octet-stream', 'Os bytes do arquivo, com o seu tipo.'),
  'POST /api/customer/:id/files/download-multiple': bytesAnswer('application/zip', 'Um zip com os arquivos pedidos.'),
};

/** The users' form-data calls (docs/decisions/users.md): the contract's fields as text, and an optional image. */
function userForm(fields: z.ZodType, withImage = true) {
  return (schema: DocSchema) => {
    const body = z.toJSONSchema(fields, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;
    if (withImage) {
      body.properties = {
        ...body.properties,
        [USER_IMAGE_FIELD]: { type: 'string', format: 'binary', description: 'Uma imagem (só imagens; guardada como JPEG).' },
      };
    }
    schema.consumes = ['multipart/form-data', 'application/json'];
    schema.body = body;
  };
}

function bytesAnswer(type: string, description: string) {
  return (schema: DocSchema) => {
    schema.response = { ...schema.response, 200: { description, content: { [type]: { schema: { type: 'string', format: 'binary' } } } } };
  };
}

const errorJson = z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12' }) as JsonSchema;
delete errorJson.$schema;

function errorAnswer(description: string): JsonSchema {
  return { ...structuredClone(errorJson), description };
}

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
}

function addHeader(schema: DocSchema, name: string, doc: JsonSchema): void {
  const headers: JsonSchema = schema.headers ?? { type: 'object', properties: {} };
  headers.properties = { ...headers.properties, [name]: doc };
  schema.headers = headers;
}

/** "PUT /api/customer/:id/address/:childId" → "putCustomerIdAddressChildId": stable names for client generators. */
export function operationId(method: string, url: string): string {
  const words = url
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '' && w !== 'api')
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return method.toLowerCase() + words.join('');
}

/** The swagger transform: zod to JSON Schema first, then the rules of the module header. */
export function describeRoute(input: TransformInput): { schema: FastifySchema; url: string } {
  const { url, route } = input;
  if (!url.startsWith('/api/') && !url.startsWith('/oauth/')) return { schema: { hide: true } as FastifySchema, url };
  const transformed = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = { ...(transformed.schema as DocSchema) };
  const methods = methodsOf(route);
  const isPublic = route.config?.access?.kind === 'public';
  const writes = methods.some((m) => ['POST', 'PUT', 'DELETE', 'PATCH'].includes(m));

  schema.tags = [url.split('/')[url.startsWith('/oauth/') ? 1 : 2] ?? 'api'];
  if (methods.length === 1) schema.operationId = operationId(methods[0]!, url);
  if (isPublic) schema.security = [];
  for (const method of methods) ROUTE_DOCS[`${method} ${url}`]?.(schema);

  const response: Record<string, JsonSchema> = { ...schema.response };
  if (!Object.keys(response).some((code) => code.startsWith('2'))) {
    if (methods.includes('DELETE')) response['204'] = { type: 'null', description: 'Apagado.' };
    else response['200'] = { description: 'Resposta da chamada.' };
  }
  if (response['409'])
    response['409'] = { ...response['409'], description: 'Conflito de edição: o registro mudou desde o If-Match; current traz a versão atual.' };
  response['4XX'] = errorAnswer('Recusado: message em português; errors, por campo, quando a entrada é inválida (400).');
  response['5XX'] = errorAnswer('Erro do servidor: só uma mensagem genérica em português.');
  schema.response = response;

  if (writes && !isPublic && url.startsWith('/api/')) addHeader(schema, 'idempotency-key', IDEMPOTENCY_HEADER_DOC);
  if (methods.some((m) => m === 'PUT' || m === 'DELETE') && (route.schema?.response as Record<string, unknown> | undefined)?.['409']) {
    addHeader(schema, 'if-match', IF_MATCH_HEADER_DOC);
  }
  // A path parameter the route's schema does not read (DELETE api/product/{id}/type/{typeId} ignores {id}) is still part of the path.
  const pathNames = [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  if (pathNames.length > 0 && schema.params) {
    const params = schema.params as JsonSchema;
    for (const name of pathNames.filter((n) => !params.properties?.[n])) {
      params.properties = { ...params.properties, [name]: { type: 'string', description: 'Parte do caminho; o valor não é lido.' } };
      params.required = [...(params.required ?? []), name];
    }
  }
  const query = schema.querystring?.properties;
  if (query) {
    for (const [name, description] of Object.entries(SYNC_QUERY)) {
      if (query[name]) query[name] = { ...query[name], description };
    }
  }
  return { schema: schema as FastifySchema, url };
}

const DESCRIPTION = [
  'API REST do Higiene Ocupacional: as chamadas da especificação, mais as extensões de sincronização que não mudam nenhum comportamento documentado (docs/sync-protocol.md).',
  '',
  '- Autenticação: POST /oauth/token (grant_type password ou refresh_token, client_id "pwa") devolve access_token (Bearer, 15 minutos) e refresh_token (rotativo).',
  '- Erros: JSON { message, errors? }; message em português; errors, por campo, nas entradas inválidas (400). Um 5xx nunca mostra detalhes internos.',
  '- Escritas (POST, PUT, DELETE) aceitam Idempotency-Key; PUT e DELETE de registros sincronizáveis aceitam If-Match.',
  '- Listas aceitam updated_since (e after_id) para leitura incremental, com deleted_ids e server_time.',
  '- Registros têm id, created_at e updated_at (ISO 8601, UTC, milissegundos).',
].join('\n');

/** Registers the document's collector (before any route) and its route. */
export async function installOpenApi(app: ZodApp, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Higiene Ocupacional API', version, description: DESCRIPTION },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'access_token de POST /oauth/token.' },
        },
        schemas: { Error: errorJson as never },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: describeRoute as never,
  });

  app.get(OPENAPI_PATH, { config: { access: access.public() }, schema: { tags: ['openapi'] } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
