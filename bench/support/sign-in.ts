/** The PWA's password grant, for the benchmark's bearer token (Node and the bench page alike). */
import { PWA_CLIENT_ID, PWA_CLIENT_SECRET, tokenResponseSchema } from '@sync/contract/auth';

export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username, password, client_id: PWA_CLIENT_ID, client_secret: PWA_CLIENT_SECRET }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return tokenResponseSchema.parse(await response.json()).access_token;
}
