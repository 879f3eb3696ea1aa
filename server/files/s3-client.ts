/**
 * The few S3 calls the object store needs (PUT, GET, HEAD, DELETE of one
 * object, ListObjectsV2), as path-style HTTP requests signed with AWS
 * Signature V4 by aws4fetch's signer and sent with Node's fetch. Chosen over
 * @aws-sdk/client-s3 (dozens of packages for five calls) and a signer of our
 * own (the one place a subtle mistake locks the server out of its files):
 * docs/decisions/file-store-s3.md.
 *
 * Every call is bounded in time until the answer's headers arrive; calls
 * whose body can be sent again (every one here: uploads come from a file or
 * a buffer) are retried twice on a network error, a 5xx or 429. Errors
 * carry the status and S3's error code, never the credentials or the
 * answer's body.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsV4Signer } from 'aws4fetch';
import type { S3FilesConfig } from './files-config';

/** SHA-256 of no bytes: the payload hash of a call without a body. */
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const HEADERS_TIMEOUT_MS = 30_000;
const ATTEMPTS = 3;
const RETRY_BASE_MS = 100;

export type S3Credentials = Pick<S3FilesConfig, 'endpoint' | 'bucket' | 'region' | 'accessKeyId' | 'secretAccessKey' | 'sessionToken'>;

export class S3RequestError extends Error {
  override name = 'S3RequestError';
  constructor(
    readonly status: number,
    readonly s3Code: string | undefined,
    what: string,
  ) {
    super(`object store: ${what} answered ${status}${s3Code ? ` ${s3Code}` : ''}`);
  }
}

type Call = {
  method: 'GET' | 'PUT' | 'HEAD' | 'DELETE';
  /** Object name (already under the prefix), or undefined for the bucket itself. */
  name?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A new body for each attempt. */
  body?: () => BodyInit;
  payloadSha256?: string;
};

/** Headers of a signed request (Signature V4 in the Authorization header); exported for the signer's test against AWS's published example. */
export async function signedHeaders(
  credentials: Pick<S3Credentials, 'region' | 'accessKeyId' | 'secretAccessKey' | 'sessionToken'>,
  request: { method: string; url: string; headers: Record<string, string>; datetime?: string },
): Promise<Headers> {
  const signer = new AwsV4Signer({
    method: request.method,
    url: request.url,
    headers: request.headers,
    accessKeyId: credentials.accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
    sessionToken: credentials.sessionToken,
    service: 's3',
    region: credentials.region,
    datetime: request.datetime,
  });
  return (await signer.sign()).headers;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryable(status: number): boolean {
  return status >= 500 || status === 429;
}

/** S3's `<Code>` from an error answer; the rest of the body (which may echo the request) is not kept. */
async function errorCode(response: Response): Promise<string | undefined> {
  const text = await response.text().catch(() => '');
  return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(text)?.[1];
}

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[entity]!);
}

export class S3Client {
  constructor(private readonly credentials: S3Credentials) {}

  private urlOf(name: string | undefined, query: Record<string, string> = {}): string {
    // Names are the server's own (prefix segments and keys of [A-Za-z0-9._-]): encoding changes nothing, and guards the rest.
    const path = name === undefined ? '' : `/${name.split('/').map(encodeURIComponent).join('/')}`;
    const search = new URLSearchParams(query).toString();
    return `${this.credentials.endpoint}/${this.credentials.bucket}${path}${search ? `?${search}` : ''}`;
  }

  /** The answer (any status); throws S3RequestError for a 5xx/429 that outlived the retries, or the network error. */
  private async send(call: Call): Promise<Response> {
    const url = this.urlOf(call.name, call.query);
    const what = `${call.method} ${call.name ?? this.credentials.bucket}`;
    for (let attempt = 1; ; attempt += 1) {
      const headers = await signedHeaders(this.credentials, {
        method: call.method,
        url,
        headers: { ...call.headers, 'x-amz-content-sha256': call.payloadSha256 ?? EMPTY_SHA256 },
      });
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error(`object store: ${what} timed out`)), HEADERS_TIMEOUT_MS);
      timer.unref();
      let response: Response;
      try {
        const body = call.body?.();
        response = await fetch(url, { method: call.method, headers, body, signal: controller.signal, ...(body ? { duplex: 'half' } : {}) });
      } catch (error) {
        if (attempt >= ATTEMPTS) throw error;
        await pause(RETRY_BASE_MS * 4 ** (attempt - 1));
        continue;
      } finally {
        clearTimeout(timer);
      }
      if (!retryable(response.status) || attempt >= ATTEMPTS) {
        if (retryable(response.status)) throw new S3RequestError(response.status, await errorCode(response), what);
        return response;
      }
      await response.body?.cancel().catch(() => undefined);
      await pause(RETRY_BASE_MS * 4 ** (attempt - 1));
    }
  }

  private async fail(response: Response, what: string): Promise<never> {
    throw new S3RequestError(response.status, await errorCode(response), what);
  }

  /** Uploads the file at `path` (its size and SHA-256 known: S3 checks the bytes against the hash) as one object. */
  async putFile(name: string, path: string, size: number, sha256: string): Promise<void> {
    const response = await this.send({
      method: 'PUT',
      name,
      headers: { 'content-length': String(size), 'content-type': 'application/octet-stream' },
      body: () => Readable.toWeb(createReadStream(path)) as unknown as BodyInit,
      payloadSha256: sha256,
    });
    if (!response.ok) await this.fail(response, `PUT ${name}`);
    await response.body?.cancel().catch(() => undefined);
  }

  async putBytes(name: string, bytes: Buffer, sha256: string): Promise<void> {
    const response = await this.send({
      method: 'PUT',
      name,
      headers: { 'content-type': 'application/octet-stream' },
      body: () => new Uint8Array(bytes),
      payloadSha256: sha256,
    });
    if (!response.ok) await this.fail(response, `PUT ${name}`);
    await response.body?.cancel().catch(() => undefined);
  }

  /** The object's bytes as a stream with its size, or null when there is no such object. */
  async get(name: string): Promise<{ body: Readable; size: number } | null> {
    const response = await this.send({ method: 'GET', name });
    if (response.status === 404) {
      // Only a missing object is "gone"; a missing bucket is a store that is not there (a configuration to fix).
      const code = await errorCode(response);
      if (code === undefined || code === 'NoSuchKey') return null;
      throw new S3RequestError(404, code, `GET ${name}`);
    }
    if (!response.ok || !response.body) await this.fail(response, `GET ${name}`);
    const size = Number(response.headers.get('content-length'));
    return { body: Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>), size: Number.isFinite(size) ? size : -1 };
  }

  async head(name: string): Promise<{ size: number } | null> {
    const response = await this.send({ method: 'HEAD', name });
    if (response.status === 404) return null;
    if (!response.ok) throw new S3RequestError(response.status, undefined, `HEAD ${name}`);
    return { size: Number(response.headers.get('content-length')) };
  }

  /** Deletes the object; one that is not there is fine (S3 answers 204 either way). */
  async delete(name: string): Promise<void> {
    const response = await this.send({ method: 'DELETE', name });
    if (!response.ok && response.status !== 404) await this.fail(response, `DELETE ${name}`);
    await response.body?.cancel().catch(() => undefined);
  }

  /** Names of every object starting with `prefix`, page by page (ListObjectsV2). */
  async *list(prefix: string): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const query: Record<string, string> = { 'list-type': '2', prefix, 'max-keys': '1000' };
      if (token) query['continuation-token'] = token;
      const response = await this.send({ method: 'GET', query });
      if (!response.ok) await this.fail(response, `LIST ${prefix || '/'}`);
      const xml = await response.text();
      for (const match of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) yield decodeXml(match[1]!);
      const truncated = /<IsTruncated>\s*true\s*<\/IsTruncated>/.test(xml);
      const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
      token = truncated && next ? decodeXml(next) : undefined;
    } while (token);
  }
}
