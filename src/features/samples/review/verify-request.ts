/**
 * The public verification call (`GET api/sample/verify/{code}`, no sign-in)
 * for the verification page. Hand-checked instead of parsed with the
 * contract's zod schema: this page is opened by anyone holding a printed
 * report, often on a phone, and loads nothing it does not need (the schema
 * is `sampleVerifyResponseSchema`; the shape below is its copy, held to it
 * by tests/unit/samples/verify-page.test.tsx). A refusal (unknown code, too
 * many tries) carries the server's own message.
 */
import type { SampleVerifyResponse } from '@sync/contract/samples';

export const VERIFY_REQUEST_MESSAGES = {
  offline: 'Sem conexão: a verificação precisa de internet. Conecte-se e tente novamente.',
  failed: 'Não foi possível verificar agora. Tente novamente em instantes.',
} as const;

export type VerifyOutcome = { kind: 'verdict'; answer: SampleVerifyResponse } | { kind: 'refused'; message: string };

const VERDICTS: ReadonlySet<string> = new Set(['confere', 'não confere', 'substituída']);

function answerOf(body: unknown): SampleVerifyResponse | null {
  if (typeof body !== 'object' || body === null) return null;
  const { verdict, sample_no, approver_name, approved_at } = body as Record<string, unknown>;
  if (typeof verdict !== 'string' || !VERDICTS.has(verdict)) return null;
  if (typeof sample_no !== 'number' || !Number.isInteger(sample_no)) return null;
  if (typeof approver_name !== 'string' || typeof approved_at !== 'string') return null;
  return { verdict: verdict as SampleVerifyResponse['verdict'], sample_no, approver_name, approved_at };
}

function messageOf(body: unknown): string | null {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

export async function requestVerification(code: string, origin: string, fetcher: typeof fetch = fetch): Promise<VerifyOutcome> {
  let response: Response;
  try {
    response = await fetcher(`${origin.replace(/\/+$/, '')}/api/sample/verify/${encodeURIComponent(code)}`, {
      headers: { accept: 'application/json' },
    });
  } catch {
    return { kind: 'refused', message: VERIFY_REQUEST_MESSAGES.offline };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.ok) {
    const answer = answerOf(body);
    return answer ? { kind: 'verdict', answer } : { kind: 'refused', message: VERIFY_REQUEST_MESSAGES.failed };
  }
  // A 5xx never shows what the server said (it never says internals, but a proxy might).
  return { kind: 'refused', message: (response.status < 500 ? messageOf(body) : null) ?? VERIFY_REQUEST_MESSAGES.failed };
}
