/**
 * Form-data calls for the users tests: text fields and at most one image,
 * as the PWA sends them (fetch with FormData, multipart/form-data).
 */
import type { Reply } from '../helpers/test-app';

export type FormImage = { bytes: Buffer; type: string; name: string };

export async function sendForm<T = any>(
  t: { baseUrl: string },
  method: string,
  path: string,
  token: string | undefined,
  fields: Record<string, string>,
  image?: FormImage,
  imageField = 'image',
): Promise<Reply<T>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image) form.append(imageField, new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${t.baseUrl}${path}`, { method, headers, body: form });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: body as T, headers: response.headers };
}
