/**
 * The review tests' fixtures: a sample as the server sends it (any type,
 * any review state), kept on a real local store (fake-indexeddb) through the
 * engine's own pull path; the users the rules tell apart; a fake server
 * for the engine (canned answers by method and path, every request
 * recorded with its headers; any GET answers an empty page).
 */
import { sampleSchema, type ReviewActor, type SampleState } from '@sync/contract/samples';
import { emptyChemicalBlocks } from '@sync/contract/samples/chemical';
import { emptyNoiseBlocks } from '@sync/contract/samples/noise';
import { SyncEngine, type SyncEngineOptions } from '@sync/engine/engine';
import { manualEnvironment, type ManualEnvironment } from '@sync/engine/environment';
import { noLock } from '@sync/engine/lock';
import type { SyncDatabase } from '@sync/store/database';
import type { RecordFields } from '@sync/store/types';
import { AT, pulled } from '../features/server-records';

export const SAMPLE_ID = 41;

/** The users the review rules tell apart (ids: the technician is 5, who finalized the samples below). */
export const USERS = {
  technician: { userId: 5, isCustomer: false, canWriteSamples: true, hasCouncil: false },
  reviewer: { userId: 9, isCustomer: false, canWriteSamples: true, hasCouncil: true },
  /** A reviewer who finalized the sample himself (a one-person consultancy). */
  selfReviewer: { userId: 5, isCustomer: false, canWriteSamples: true, hasCouncil: true },
  customer: { userId: 30, isCustomer: true, canWriteSamples: false, hasCouncil: false },
  noModule: { userId: 31, isCustomer: false, canWriteSamples: false, hasCouncil: false },
} satisfies Record<string, ReviewActor>;

const TYPES = { chemical: { id: 2, name: 'Químico', slug: 'chemical' }, noise: { id: 3, name: 'Ruído', slug: 'noise' } } as const;

/** A sample on the wire (valid for `sampleSchema`), in `status`, finalized by the technician unless a draft. */
export function wireSample(overrides: RecordFields & { status?: SampleState; type?: keyof typeof TYPES } = {}): RecordFields {
  const { type = 'noise', ...rest } = overrides;
  const blocks: Record<string, unknown> = type === 'chemical' ? emptyChemicalBlocks() : emptyNoiseBlocks();
  const status = rest.status ?? 'rascunho';
  const wire = {
    id: SAMPLE_ID,
    sample_no: 3,
    customer_id: 7,
    company_name: 'Metalúrgica Alfa',
    company_city: 'São Paulo',
    quotation_id: 12,
    quotation_row_id: 'a0a0a0a0a0a0a0a0a0a0a0a1',
    plan_unit: 1,
    type_id: TYPES[type].id,
    type: TYPES[type],
    agent_name: type === 'chemical' ? 'Tolueno' : 'Ruído contínuo',
    employee: 'Maria Souza',
    chemical_agent: null,
    ...blocks,
    caracterization: { ...(blocks.caracterization as object | undefined), employee: 'Maria Souza' },
    files: [],
    status,
    revision: 1,
    replaces_id: null,
    replaced_by_id: null,
    finalized_by: status === 'rascunho' ? null : USERS.technician.userId,
    status_reason: null,
    approval: null,
    f_created_at: '20/11/2026',
    created_at: AT,
    updated_at: AT,
    ...rest,
  };
  return sampleSchema.parse(wire) as RecordFields;
}

/** Keeps the sample on the device as if pulled; resolves to its local key. */
export async function pulledSample(db: SyncDatabase, overrides: Parameters<typeof wireSample>[0] = {}): Promise<string> {
  const [key] = await pulled(db, 'samples', [wireSample(overrides)]);
  return key!;
}

export interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Answer = (request: Sent) => { status: number; body: unknown } | undefined;

/** An empty page of any list, incremental or documented (`options` for the settings). */
const EMPTY_PAGE = { list: [], options: [], total_items: 0, deleted_ids: [], server_time: AT };

/** A server of canned answers: `answer` first, then an empty page for any GET, else 404. */
export function fakeServer(answer: Answer = () => undefined) {
  const sent: Sent[] = [];
  const fetch = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const request: Sent = {
      method: init.method ?? 'GET',
      path: url.pathname.slice(1),
      headers,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
    };
    sent.push(request);
    const canned =
      answer(request) ??
      (request.method === 'GET' ? { status: 200, body: EMPTY_PAGE } : { status: 404, body: { message: 'Recurso não encontrado.' } });
    const text = JSON.stringify(canned.body);
    const response = new Response(text, { status: canned.status, headers: { 'content-type': 'application/json' } });
    // The bytes as this environment's own Blob (jsdom's in the screen tests), as a browser's fetch gives them.
    Object.defineProperty(response, 'blob', { value: async () => new Blob([text], { type: 'application/json' }) });
    return response;
  };
  return { sent, fetch };
}

/** An engine on `db` talking to `fetch` (not started: tests drain it), online unless told. */
export function testEngine(
  db: SyncDatabase,
  fetch: ReturnType<typeof fakeServer>['fetch'],
  environment: ManualEnvironment = manualEnvironment(true),
  options: Partial<SyncEngineOptions> = {},
) {
  return new SyncEngine({
    ...options,
    db,
    baseUrl: 'http://api.test/',
    auth: { getAccessToken: async () => 'token', refresh: async () => false },
    fetch,
    lock: noLock,
    environment,
    backoff: { baseMs: 5, factor: 2, maxMs: 20, jitter: 0 },
  });
}
