/**
 * What a jsdom screen test needs to talk to the real test server from Node:
 * a password grant, and a fetch for the engine that rebuilds jsdom's
 * FormData as Node's (Node's fetch cannot send jsdom's), so an upload
 * reaches the server as a browser would send it.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { PWA_CLIENT_ID, PWA_CLIENT_SECRET, tokenResponseSchema } from '@sync/contract/auth';

/** The administrator the server tests' app seeds (tests/server/helpers/test-app.ts). */
export const TEST_ADMIN = { username: 'admin', password: 'admin-password-1' } as const;

/** The access token of a password sign-in. */
export async function passwordGrant(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username, password, client_id: PWA_CLIENT_ID, client_secret: PWA_CLIENT_SECRET }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return tokenResponseSchema.parse(await response.json()).access_token;
}

type FormLike = { entries(): IterableIterator<[string, string | Blob]> };

async function nodeForm(form: FormLike): Promise<FormData> {
  const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;
  const out = new NodeFormData();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') out.append(name, value);
    else {
      const bytes = new Uint8Array(await value.arrayBuffer());
      out.append(name, new NodeBlob([bytes], { type: value.type }) as unknown as Blob, (value as File).name);
    }
  }
  return out;
}

/** Node's fetch, with a FormData body rebuilt as Node's. */
export const formDataFetch: typeof fetch = async (input, init) => {
  const body = init?.body as unknown;
  if (body && typeof body === 'object' && typeof (body as FormLike).entries === 'function' && !(body instanceof URLSearchParams)) {
    return fetch(input, { ...init, body: await nodeForm(body as FormLike) });
  }
  return fetch(input, init);
};
