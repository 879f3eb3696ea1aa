/**
 * Shared pieces of the customers server tests: valid documents, a customer
 * factory, raw multipart bodies (built byte by byte, so file names reach
 * the server exactly as written, '../' and NUL included), uploads and
 * binary downloads over loopback, and a small zip reader (central
 * directory + inflateRaw + CRC-32) to check what the zip call streams.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { crc32, inflateRawSync } from 'node:zlib';
import { expect } from 'vitest';
import type { Customer, CustomerFile } from '@sync/contract/customers';
import { call, type Reply, type TestApp } from '../helpers/test-app';

/** Valid documents (check digits computed by src/domain/documents). */
export const DOCS = {
  cpf: '52998224725',
  cpfMasked: '529.982.247-25',
  cnpj: '11222333000181',
  cnpjMasked: '11.222.333/0001-81',
  /** Alphanumeric CNPJ (IN RFB 2.229/2024). */
  cnpjAlpha: '12ABC34501DE35',
} as const;

export function validCustomer(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Metalúrgica Horizonte Ltda',
    type: 'corporate',
    document: DOCS.cnpjMasked,
    email: 'contato@horizonte.com.br',
    phone: '(11) 3322-4455',
    ...overrides,
  };
}

export async function createCustomer(t: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<Customer> {
  const reply = await call<Customer>(t, 'POST', '/api/customer', { token, json: validCustomer(overrides) });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

export type Part = { name: string; value?: string; filename?: string; type?: string; data?: Buffer | string };

/** A multipart/form-data body with exactly these parts. */
export function multipartBody(parts: readonly Part[]): { body: Buffer; contentType: string } {
  const boundary = `----teste${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.type !== undefined) head += `Content-Type: ${part.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data ?? part.value ?? '', 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export type UploadOptions = {
  name?: string | undefined;
  filename?: string;
  type?: string;
  data?: Buffer | string;
  headers?: Record<string, string>;
  /** Parts as given, instead of the usual name + file. */
  parts?: Part[];
};

/** `POST api/customer/{id}/file` with a real multipart body. */
export async function upload(t: TestApp, token: string | undefined, customerId: number, options: UploadOptions = {}): Promise<Reply<any>> {
  const parts: Part[] = options.parts ?? [
    ...(options.name === undefined && 'name' in options ? [] : [{ name: 'name', value: options.name ?? 'Laudo de ruído' }]),
    { name: 'file', filename: options.filename ?? 'laudo.pdf', type: options.type ?? 'application/pdf', data: options.data ?? '%PDF-1.4 teste' },
  ];
  const { body, contentType } = multipartBody(parts);
  return call(t, 'POST', `/api/customer/${customerId}/file`, {
    token,
    body: body as unknown as string,
    headers: { 'content-type': contentType, ...options.headers },
  });
}

export async function uploaded(t: TestApp, token: string, customerId: number, options: UploadOptions = {}): Promise<CustomerFile> {
  const reply = await upload(t, token, customerId, options);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as CustomerFile;
}

export type Binary = { status: number; headers: Headers; bytes: Buffer; json?: any };

/** A call whose answer is binary (a download, a zip). */
export async function binary(t: TestApp, method: string, path: string, token: string | undefined, json?: unknown): Promise<Binary> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${t.baseUrl}${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const bytes = Buffer.from(await response.arrayBuffer());
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    json: isJson && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : undefined,
  };
}

export type ZipContent = { name: string; data: Buffer; flags: number; method: number };

/** Reads a zip through its central directory, inflating each entry and checking its CRC-32 and sizes. */
export function readZip(zip: Buffer): ZipContent[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipContent[] = [];
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central header ${i}`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (zip.readUInt32LE(localOffset) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    if (data.length !== size) throw new Error(`size mismatch for ${name}`);
    if (crc32(data) !== crc) throw new Error(`CRC mismatch for ${name}`);
    entries.push({ name, data, flags, method });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Names of everything in the app's files folder (and below). */
export function storedFileNames(t: TestApp): string[] {
  try {
    return readdirSync(`${t.config.dataDir}/files`, { recursive: true }).map(String).sort();
  } catch {
    return [];
  }
}

/** Waits for work the server does after answering (file removal after a customer delete). */
export async function eventually(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
