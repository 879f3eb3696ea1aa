/**
 * HTTP for the engine: one request with a timeout, the bearer token, and one
 * refresh-and-retry on 401. It returns what happened (an answer, a network
 * failure or a timeout) and leaves the decision (retry, fail, conflict) to
 * the push and pull modules. `fetch` is injected so the engine runs on
 * Node's fetch in tests and the browser's in the PWA.
 */
import { BATCH_PATH, batchResponseSchema, readAnswerBody, type BatchItem } from '../contract/batch';
import { DEVICE_HEADER } from '../contract/samples/review';
import type { AuthProvider } from './auth';
import { parseRetryAfter } from './backoff';
import { canUseXhr, sendWithXhr, uploadTimeoutMs } from './files-xhr';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  /** Relative to the API base ("api/equipment/12"). */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A multipart upload instead of a JSON body (files-xhr.ts: progress and timeouts). */
  upload?: { form: FormData; bytes: number; onProgress?: (loaded: number, total: number) => void };
  /** 'blob': a 2xx answer's body is read as a Blob (file downloads, zips). */
  responseType?: 'json' | 'blob';
}

export type HttpOutcome =
  | { kind: 'response'; status: number; body: unknown; retryAfterMs?: number }
  /** No answer: offline, connection refused or reset. */
  | { kind: 'network'; error: unknown }
  /** No answer in time; the server may still have applied the request. */
  | { kind: 'timeout' };

export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  /** API base URL ("https://host/" or "http://127.0.0.1:3000"). */
  baseUrl: string;
  auth: AuthProvider;
  fetch?: FetchFunction;
  /** Per request, answer body included. */
  timeoutMs?: number;
  now?: () => number;
  /**
   * This device's id (device-id.ts), sent as DEVICE_HEADER on every request
   * (a sample's history names the device a change came from). Asked once;
   * a failure sends the requests without it and asks again next time.
   */
  deviceId?: () => Promise<string>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** Answers to a batch call that stand for each of its writes: the session, a timeout, too many requests. */
const BATCH_WIDE = new Set([401, 408, 429]);

export class Transport {
  private readonly base: string;
  private readonly fetchFn: FetchFunction;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private refreshing: Promise<boolean> | null = null;
  private device: Promise<string | null> | null = null;

  constructor(private readonly options: TransportOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /** Sends the request; on 401 refreshes the token once and sends it again (same headers, same idempotency key). */
  async send(request: HttpRequest): Promise<HttpOutcome> {
    const token = await this.options.auth.getAccessToken();
    const first = await this.sendOnce(request, token);
    if (first.kind !== 'response' || first.status !== 401) return first;
    if (!(await this.refresh())) return first;
    return this.sendOnce(request, await this.options.auth.getAccessToken());
  }

  /**
   * Sends JSON writes as one batch call (sync/contract/batch.ts) and gives
   * each its own outcome, as `send` would have. One write goes alone. When
   * the batch gets no answer, or one that stands for all its writes (401
   * after the refresh, 408, 429, 5xx), each write gets that outcome. A batch
   * call the server refuses as a whole (an older server without it, a body
   * over its limit) is sent again write by write. A write answered 401
   * inside the batch (its token expired meanwhile) is sent again, alone,
   * after one refresh.
   */
  async sendBatch(requests: readonly HttpRequest[]): Promise<HttpOutcome[]> {
    if (requests.length === 1) return [await this.send(requests[0]!)];
    const items: BatchItem[] = requests.map((request) => ({
      method: request.method as BatchItem['method'],
      path: this.relativePath(request),
      ...(request.headers ? { headers: request.headers as BatchItem['headers'] } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
    }));
    const outcome = await this.send({ method: 'POST', path: BATCH_PATH, body: { requests: items } });
    if (outcome.kind !== 'response') return requests.map(() => outcome);
    if (outcome.status === 200) {
      const parsed = batchResponseSchema.safeParse(outcome.body);
      if (parsed.success && parsed.data.responses.length === requests.length) {
        return Promise.all(
          parsed.data.responses.map(async (answer, index): Promise<HttpOutcome> => {
            if (answer.status === 401) return this.send(requests[index]!);
            return {
              kind: 'response',
              status: answer.status,
              body: answer.body,
              retryAfterMs: parseRetryAfter(answer.retry_after ?? null, this.now()),
            };
          }),
        );
      }
    } else if (BATCH_WIDE.has(outcome.status) || outcome.status >= 500) {
      return requests.map(() => outcome);
    }
    const alone: HttpOutcome[] = [];
    for (const request of requests) alone.push(await this.send(request));
    return alone;
  }

  /** One refresh at a time: parallel sends that all met a 401 share it. */
  private refresh(): Promise<boolean> {
    this.refreshing ??= this.options.auth
      .refresh()
      .catch(() => false)
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** The device id, read once (null without one, or when it could not be read: tried again at the next request). */
  private deviceHeader(): Promise<string | null> {
    const read = this.options.deviceId;
    if (!read) return Promise.resolve(null);
    this.device ??= read().catch(() => {
      this.device = null;
      return null;
    });
    return this.device;
  }

  private async sendOnce(request: HttpRequest, token: string | null): Promise<HttpOutcome> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    const device = await this.deviceHeader();
    if (device) headers[DEVICE_HEADER] = device;
    let body: string | FormData | undefined;
    if (request.upload) {
      if (this.options.fetch === undefined && canUseXhr()) return this.sendUploadWithXhr(request, headers);
      body = request.upload.form;
      request.upload.onProgress?.(0, request.upload.bytes);
    } else if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      request.upload ? uploadTimeoutMs(this.timeoutMs, request.upload.bytes) : this.timeoutMs,
    );
    try {
      const response = await this.fetchFn(this.url(request), {
        method: request.method,
        headers,
        body,
        signal: controller.signal,
      });
      const binary = request.responseType === 'blob' && response.ok;
      const payload = binary ? await response.blob() : readAnswerBody(await response.text());
      if (request.upload) request.upload.onProgress?.(request.upload.bytes, request.upload.bytes);
      return {
        kind: 'response',
        status: response.status,
        body: payload,
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), this.now()),
      };
    } catch (error) {
      return timedOut ? { kind: 'timeout' } : { kind: 'network', error };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Browsers: the upload through XMLHttpRequest, for its progress events. */
  private async sendUploadWithXhr(request: HttpRequest, headers: Record<string, string>): Promise<HttpOutcome> {
    const result = await sendWithXhr({
      method: request.method,
      url: this.url(request),
      headers,
      body: request.upload!.form,
      idleTimeoutMs: this.timeoutMs,
      onProgress: request.upload!.onProgress,
    });
    if (result.kind !== 'response') return result;
    // Status 0: the browser got no answer (offline, refused, CORS).
    if (result.status === 0) return { kind: 'network', error: new Error('upload failed: no answer') };
    return {
      kind: 'response',
      status: result.status,
      body: readAnswerBody(result.text),
      retryAfterMs: parseRetryAfter(result.retryAfter, this.now()),
    };
  }

  private url(request: HttpRequest): string {
    return `${this.base}/${this.relativePath(request)}`;
  }

  /** The path with its query, relative to the API base. */
  private relativePath(request: HttpRequest): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) params.set(name, String(value));
    }
    const query = params.toString();
    return `${request.path.replace(/^\/+/, '')}${query ? `?${query}` : ''}`;
  }
}
