/**
 * An HTTP proxy on loopback between the engine and the real server that
 * misbehaves on demand, the way networks and servers do:
 *
 * - drop: the connection closes before the request reaches the server;
 * - lose-response: the server handles (and commits) the request, then the
 *   connection closes before the answer reaches the client;
 * - status: the proxy answers itself (500, 503, 429 with Retry-After, a 401
 *   as for an expired token) and the server never sees the request;
 * - delay: the request reaches the server late (a slow network);
 * - hold-request: the request waits at the proxy until a promise settles (or
 *   for a while), then goes on to the server — after the client may have
 *   given up on it, as a request stuck in a slow network does;
 * - hold-response: the server answers, the answer is held back for a while
 *   or until a promise settles (a timeout when longer than the client waits);
 * - while the target is down (server restarting), connections are refused.
 *
 * With several targets (server instances sharing one database), requests
 * go to each in turn, as a load balancer or Node's cluster hands them out.
 *
 * Rules match by method and path and apply a number of times; each rule
 * exposes a promise that settles when it first applies, so a test can act
 * "mid-push". Everything that passed is logged.
 *
 * The proxy reads the batch call (sync/contract/batch.ts) as the writes it
 * carries: each is logged on its own (`inBatch`), and a rule that matches
 * one of them applies to the batch call, the request that carries it (a
 * lost answer loses the answers of every write in it). The pull batch
 * (sync/contract/pull-batch.ts) is read the same way, as the list calls it
 * carries: each list the server read is logged as that list's own GET with
 * its status (a list left for later is not), and a rule that matches one of
 * them applies to the pull batch call.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BATCH_PATH } from '@sync/contract/batch';
import { listPagePath, PULL_BATCH_PATH, pullBatchQuerySchema } from '@sync/contract/pull-batch';

export type Fault =
  | { kind: 'drop' }
  | { kind: 'lose-response' }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: 'delay'; ms: number }
  | { kind: 'hold-request'; ms?: number; until?: Promise<unknown> }
  | { kind: 'hold-response'; ms?: number; until?: Promise<unknown> };

export interface FaultRule {
  method?: string;
  /** Substring or pattern of the path (with query). */
  path?: string | RegExp;
  fault: Fault;
  /** How many matching requests it applies to (default 1). */
  times?: number;
  /** Runs when the rule applies (before the fault), e.g. to move the server clock. */
  onApply?: (request: { method: string; path: string }) => void;
}

export interface ActiveRule extends FaultRule {
  remaining: number;
  /** Settles when the rule applies the first time. */
  hit: Promise<void>;
}

export interface LoggedRequest {
  method: string;
  path: string;
  fault: Fault['kind'] | null;
  status: number | null;
  idempotencyKey: string | null;
  /** A write carried by a batch call, logged right after it, or a list read by a pull batch, logged once answered; a fault is logged on the batch call only. */
  inBatch?: true;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

export class FaultProxy {
  readonly log: LoggedRequest[] = [];
  private rules: ActiveRule[] = [];
  private server: Server | null = null;
  private target: string | readonly string[] | null;
  private turn = 0;

  constructor(target: string | readonly string[]) {
    this.target = target;
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('proxy not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  async listen(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.handle(request, response).catch(() => request.socket.destroy());
    });
    // Answers held back must not keep the proxy's sockets alive after a test.
    this.server.keepAliveTimeout = 1;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Points at a new upstream (a restarted server), or null while it is down. */
  setTarget(target: string | readonly string[] | null): void {
    this.target = target;
  }

  private nextTarget(): string | null {
    const target = this.target;
    if (target === null || typeof target === 'string') return target;
    this.turn += 1;
    return target[this.turn % target.length] ?? null;
  }

  inject(rule: FaultRule): ActiveRule {
    let resolveHit!: () => void;
    const hit = new Promise<void>((resolve) => {
      resolveHit = resolve;
    });
    const active: ActiveRule = { ...rule, remaining: rule.times ?? 1, hit };
    (active as ActiveRule & { resolveHit: () => void }).resolveHit = resolveHit;
    this.rules.push(active);
    return active;
  }

  clearFaults(): void {
    this.rules = [];
  }

  /** Requests that reached this proxy, for assertions. */
  requests(filter: { method?: string; path?: string | RegExp } = {}): LoggedRequest[] {
    return this.log.filter((entry) => matches(filter, entry.method, entry.path));
  }

  /** The first rule with turns left that matches the request, or one of the writes a batch call carries. */
  private take(method: string, path: string, carried: readonly { method: string; path: string }[]): ActiveRule | undefined {
    const rule = this.rules.find(
      (candidate) =>
        candidate.remaining > 0 && (matches(candidate, method, path) || carried.some((write) => matches(candidate, write.method, write.path))),
    );
    if (!rule) return undefined;
    rule.remaining -= 1;
    (rule as ActiveRule & { resolveHit: () => void }).resolveHit();
    return rule;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const body = await readBody(request);
    const carried = method === 'POST' && path === `/${BATCH_PATH}` ? batchWrites(body) : [];
    const reads = method === 'GET' && path.startsWith(`/${PULL_BATCH_PATH}?`) ? pullBatchReads(path) : [];
    const rule = this.take(method, path, [...carried, ...reads]);
    const logged: LoggedRequest = {
      method,
      path,
      fault: rule?.fault.kind ?? null,
      status: null,
      idempotencyKey: (request.headers['idempotency-key'] as string | undefined) ?? null,
    };
    this.log.push(logged);
    const writes: LoggedRequest[] = carried.map((write) => ({ ...write, fault: null, status: null, inBatch: true }));
    this.log.push(...writes);
    rule?.onApply?.({ method, path });
    const fault = rule?.fault;

    if (fault?.kind === 'drop') {
      request.socket.destroy();
      return;
    }
    if (fault?.kind === 'status') {
      logged.status = fault.status;
      for (const write of writes) write.status = fault.status;
      for (const read of reads) this.log.push({ ...read, fault: null, status: fault.status, idempotencyKey: null, inBatch: true });
      const payload = JSON.stringify(fault.body ?? { message: 'Erro simulado.' });
      response.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      response.end(payload);
      return;
    }
    if (fault?.kind === 'delay') await sleep(fault.ms);
    if (fault?.kind === 'hold-request') await Promise.race([fault.until ?? new Promise(() => undefined), sleep(fault.ms ?? 2 ** 30)]);

    const target = this.nextTarget();
    if (!target) {
      request.socket.destroy();
      return;
    }
    let upstream: Response;
    let upstreamBody: Buffer;
    try {
      upstream = await fetch(`${target}${path}`, {
        method,
        headers: forwardHeaders(request),
        body: body.length > 0 ? new Uint8Array(body) : undefined,
      });
      upstreamBody = Buffer.from(await upstream.arrayBuffer());
    } catch {
      request.socket.destroy();
      return;
    }
    logged.status = upstream.status;
    if (writes.length > 0) answerStatuses(upstreamBody).forEach((status, index) => writes[index] && (writes[index].status = status));
    if (reads.length > 0) {
      pullAnswerStatuses(upstreamBody).forEach((status, index) => {
        const read = reads[index];
        if (read && status !== null) this.log.push({ ...read, fault: null, status, idempotencyKey: null, inBatch: true });
      });
    }

    if (fault?.kind === 'lose-response') {
      request.socket.destroy();
      return;
    }
    if (fault?.kind === 'hold-response') {
      await Promise.race([fault.until ?? new Promise(() => undefined), sleep(fault.ms ?? 2 ** 30)]);
      if (request.socket.destroyed) return;
    }
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') headers[name] = value;
    });
    response.writeHead(upstream.status, headers);
    response.end(upstreamBody);
  }
}

function matches(rule: { method?: string; path?: string | RegExp }, method: string, path: string): boolean {
  if (rule.method && rule.method !== method) return false;
  if (rule.path === undefined) return true;
  return typeof rule.path === 'string' ? path.includes(rule.path) : rule.path.test(path);
}

/** The writes of a batch call's body, as the proxy logs them. */
function batchWrites(body: Buffer): { method: string; path: string; idempotencyKey: string | null }[] {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { requests?: { method: string; path: string; headers?: Record<string, string> }[] };
    return (parsed.requests ?? []).map((write) => ({
      method: write.method,
      path: `/${write.path.replace(/^\/+/, '')}`,
      idempotencyKey: write.headers?.['idempotency-key'] ?? null,
    }));
  } catch {
    return [];
  }
}

/** The status of each write in a batch call's answer. */
function answerStatuses(body: Buffer): number[] {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { responses?: { status: number }[] };
    return (parsed.responses ?? []).map((answer) => answer.status);
  } catch {
    return [];
  }
}

/** The list calls a pull batch carries, each as the list's own GET (path and cursor). */
function pullBatchReads(path: string): { method: string; path: string }[] {
  const params = new URL(path, 'http://proxy.local').searchParams;
  const query = pullBatchQuerySchema.safeParse({ take: params.get('take') ?? undefined, list: params.getAll('list') });
  if (!query.success) return [];
  return query.data.list.map((list) => {
    const cursor = new URLSearchParams({ updated_since: list.updated_since });
    if (list.after_id !== undefined) cursor.set('after_id', String(list.after_id));
    return { method: 'GET', path: `/${listPagePath(list.path, query.data.take)}?${cursor}` };
  });
}

/** Per list of a pull batch's answer: the status of the list's own call (200 for a page), null when left for later. */
function pullAnswerStatuses(body: Buffer): (number | null)[] {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { lists?: { state: string; status?: number }[] };
    return (parsed.lists ?? []).map((list) => (list.state === 'page' ? 200 : list.state === 'refused' ? (list.status ?? null) : null));
  } catch {
    return [];
  }
}

function forwardHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
