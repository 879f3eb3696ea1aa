/**
 * The public verification page (/verificar/{code}; issue 28): no sign-in,
 * no store; it asks `GET api/sample/verify/{code}` and shows the verdict in
 * large text with the sample's number, the approver and the date; an
 * unknown code or too many tries show the server's message, no connection
 * says so, a 5xx never shows what came with it. Its hand-written reading of
 * the answer is held to the contract's schema on a table of bodies.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAMPLE_REVIEW_MESSAGES, sampleVerifyResponseSchema } from '@sync/contract/samples';
import { VerifyPage } from '@/features/samples/review/verify-page';
import { requestVerification, VERIFY_REQUEST_MESSAGES } from '@/features/samples/review/verify-request';
import { renderWithProviders } from '../support/render';

const ANSWER = { verdict: 'confere', sample_no: 7, approver_name: 'Mariana Lopes', approved_at: '2026-11-21T13:05:00.000Z' };

function answering(status: number, body: unknown) {
  const asked: string[] = [];
  const fetcher = (async (input: string) => {
    asked.push(input);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { asked, fetcher };
}

describe('the answer as the page reads it', () => {
  it.each([
    ['the answer', ANSWER],
    ['não confere', { ...ANSWER, verdict: 'não confere' }],
    ['substituída', { ...ANSWER, verdict: 'substituída' }],
    ['an unknown verdict', { ...ANSWER, verdict: 'talvez' }],
    ['no number', { ...ANSWER, sample_no: undefined }],
    ['a fractional number', { ...ANSWER, sample_no: 1.5 }],
    ['a number as text', { ...ANSWER, sample_no: '7' }],
    ['no approver', { ...ANSWER, approver_name: null }],
    ['no date', { ...ANSWER, approved_at: 5 }],
    ['more than the contract says (dropped)', { ...ANSWER, hash: 'abc' }],
    ['a list', [ANSWER]],
    ['null', null],
  ])('%s: the same as the contract’s schema', async (_case, body) => {
    const { fetcher } = answering(200, body);
    const outcome = await requestVerification('K7M4', 'https://h.example.com', fetcher);
    const parsed = sampleVerifyResponseSchema.safeParse(body);
    if (parsed.success) expect(outcome).toEqual({ kind: 'verdict', answer: parsed.data });
    else expect(outcome).toEqual({ kind: 'refused', message: VERIFY_REQUEST_MESSAGES.failed });
  });

  it.each([
    [404, { message: SAMPLE_REVIEW_MESSAGES.verifyNotFound }, SAMPLE_REVIEW_MESSAGES.verifyNotFound],
    [429, { message: 'Muitas tentativas. Aguarde um minuto.' }, 'Muitas tentativas. Aguarde um minuto.'],
    [500, { message: 'relation "sample_approvals" does not exist' }, VERIFY_REQUEST_MESSAGES.failed],
    [502, '<html>Bad gateway</html>', VERIFY_REQUEST_MESSAGES.failed],
  ])('%s: says %j', async (status, body, message) => {
    const { fetcher } = answering(status, body);
    expect(await requestVerification('K7M4', 'https://h.example.com', fetcher)).toEqual({ kind: 'refused', message });
  });

  it('no connection: says so', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await requestVerification('K7M4', 'https://h.example.com', fetcher)).toEqual({
      kind: 'refused',
      message: VERIFY_REQUEST_MESSAGES.offline,
    });
  });
});

describe('the page', () => {
  it('shows the verdict large, with the number, the approver and the date, asking by the code', async () => {
    const { asked, fetcher } = answering(200, ANSWER);
    await renderWithProviders(<VerifyPage code="K7M4 Q9" origin="https://h.example.com/" fetcher={fetcher} />);
    expect(await screen.findByTestId('verify-verdict')).toHaveTextContent('Confere');
    expect(screen.getByText('O relatório com este código corresponde ao que foi aprovado.')).toBeInTheDocument();
    expect(screen.getByText('Amostra nº').parentElement).toHaveTextContent('Amostra nº 7');
    expect(screen.getByText('Aprovada por:').parentElement).toHaveTextContent('Aprovada por: Mariana Lopes');
    expect(screen.getByText('Data da aprovação:').parentElement).toHaveTextContent('Data da aprovação: 21/11/2026 10:05');
    expect(screen.getByText('Código: K7M4 Q9')).toBeInTheDocument();
    expect(asked).toEqual(['https://h.example.com/api/sample/verify/K7M4%20Q9']);
  });

  it.each([
    ['não confere', 'Não confere'],
    ['substituída', 'Substituída'],
  ])('%s: "%s"', async (verdict, shown) => {
    const { fetcher } = answering(200, { ...ANSWER, verdict });
    await renderWithProviders(<VerifyPage code="K7M4" origin="https://h.example.com" fetcher={fetcher} />);
    expect(await screen.findByTestId('verify-verdict')).toHaveTextContent(shown);
  });

  it('an unknown code: the server’s message', async () => {
    const { fetcher } = answering(404, { message: SAMPLE_REVIEW_MESSAGES.verifyNotFound });
    await renderWithProviders(<VerifyPage code="NADA" origin="https://h.example.com" fetcher={fetcher} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(SAMPLE_REVIEW_MESSAGES.verifyNotFound);
    expect(screen.queryByTestId('verify-verdict')).not.toBeInTheDocument();
  });
});
