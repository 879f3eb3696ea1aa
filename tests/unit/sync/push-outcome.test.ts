/**
 * What each server answer does to the outbox entry that was sent, as a
 * table (the same table as sync/README.md, "What each outcome does").
 */
import { describe, expect, it } from 'vitest';
import { classifyOutcome, type OutcomeDecision } from '@sync/engine/push-outcome';
import type { HttpOutcome } from '@sync/engine/transport';
import type { OutboxOperation } from '@sync/store/types';

const record = { id: 7, name: 'Dosímetro', updated_at: '2026-01-02T00:00:00.000Z' };
const answer = (status: number, body: unknown = {}, retryAfterMs?: number): HttpOutcome => ({
  kind: 'response',
  status,
  body,
  ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
});
const refusal = { message: 'Nome é obrigatório', errors: { name: ['Nome é obrigatório'] } };
const network = { code: 'network', message: expect.stringContaining('Sem conexão') };
const server = (status: number) => ({ code: 'server', status, message: expect.stringContaining('servidor') });

describe('classifyOutcome', () => {
  const cases: [string, HttpOutcome, OutboxOperation, OutcomeDecision][] = [
    ['200 on a create', answer(200, record), 'create', { kind: 'accepted', body: record }],
    ['201 on a create', answer(201, record), 'create', { kind: 'accepted', body: record }],
    ['200 on an update', answer(200, record), 'update', { kind: 'accepted', body: record }],
    ['204 on a delete', answer(204, null), 'delete', { kind: 'removed' }],
    ['200 on a delete', answer(200, record), 'delete', { kind: 'removed' }],
    ['404 on a delete (already gone)', answer(404, { message: 'x' }), 'delete', { kind: 'removed' }],
    [
      'network error',
      { kind: 'network', error: new TypeError('fetch failed') },
      'update',
      { kind: 'retry', error: network, networkDown: true } as OutcomeDecision,
    ],
    ['timeout', { kind: 'timeout' }, 'create', { kind: 'retry', error: network, networkDown: false } as OutcomeDecision],
    ['408', answer(408), 'update', { kind: 'retry', error: server(408), networkDown: false } as OutcomeDecision],
    [
      '429 with Retry-After',
      answer(429, {}, 5000),
      'update',
      { kind: 'retry', error: server(429), retryAfterMs: 5000, networkDown: false } as OutcomeDecision,
    ],
    ['500', answer(500, { message: 'stack trace' }), 'create', { kind: 'retry', error: server(500), networkDown: false } as OutcomeDecision],
    [
      '503 with Retry-After',
      answer(503, {}, 2000),
      'delete',
      { kind: 'retry', error: server(503), retryAfterMs: 2000, networkDown: false } as OutcomeDecision,
    ],
    [
      '409 with Retry-After and no record (still running)',
      answer(409, { message: 'Em andamento' }, 1000),
      'create',
      { kind: 'retry', error: server(409), retryAfterMs: 1000, networkDown: false } as OutcomeDecision,
    ],
    ['401 (after the transport refreshed once)', answer(401), 'update', { kind: 'unauthorized' }],
    [
      '409 with the current record',
      answer(409, { message: 'Conflito', current: record }),
      'update',
      { kind: 'conflict', body: { message: 'Conflito', current: record } },
    ],
    [
      '409 with the current record and Retry-After',
      answer(409, { current: record }, 1000),
      'delete',
      { kind: 'conflict', body: { current: record } },
    ],
    [
      '409 without a record (a refusal with a reason)',
      answer(409, { message: 'Tipo em uso', errors: { type: ['x'] } }),
      'delete',
      { kind: 'failed', error: { code: 'validation', message: 'Tipo em uso', status: 409 } },
    ],
    [
      '400 with per-field messages',
      answer(400, refusal),
      'create',
      { kind: 'failed', error: { code: 'validation', message: 'Nome é obrigatório', status: 400, fields: refusal.errors } },
    ],
    [
      '422 without a readable body',
      answer(422, 'oops'),
      'update',
      { kind: 'failed', error: { code: 'validation', message: 'O servidor recusou a alteração.', status: 422 } },
    ],
    [
      '404 on an update',
      answer(404, { message: 'Registro não encontrado' }),
      'update',
      { kind: 'failed', error: { code: 'not-found', message: 'Registro não encontrado', status: 404 } },
    ],
    [
      '403',
      answer(403, { message: 'Sem permissão' }),
      'create',
      { kind: 'failed', error: { code: 'validation', message: 'Sem permissão', status: 403 } },
    ],
  ];

  it.each(cases)('%s → as the table says', (_what, outcome, op, expected) => {
    expect(classifyOutcome(outcome, { op })).toEqual(expected);
  });

  // A try that replayed the body kept from an earlier one: a refusal means nothing was applied under
  // its key, and the kept body may be stale (a reference deleted since), so a create or update is rebuilt once.
  const replayed: [string, HttpOutcome, OutboxOperation, OutcomeDecision['kind']][] = [
    ['400 on a replayed create', answer(400, refusal), 'create', 'rebuilt'],
    ['422 on a replayed update', answer(422, refusal), 'update', 'rebuilt'],
    ['404 on a replayed update', answer(404, { message: 'x' }), 'update', 'rebuilt'],
    ['409 without a record on a replayed create', answer(409, { message: 'x' }), 'create', 'rebuilt'],
    ['409 without a record on a replayed delete (a delete has no body)', answer(409, { message: 'x' }), 'delete', 'failed'],
    ['a replayed command (its own rules)', answer(400, refusal), 'command', 'failed'],
    ['201 on a replayed create', answer(201, record), 'create', 'accepted'],
    ['409 with the current record on a replayed update', answer(409, { current: record }), 'update', 'conflict'],
    ['503 on a replayed create', answer(503), 'create', 'retry'],
  ];

  it.each(replayed)('%s → %s', (_what, outcome, op, expected) => {
    const decision = classifyOutcome(outcome, { op, replayedBody: true });
    expect(decision.kind).toBe(expected);
    if (decision.kind === 'rebuilt') expect(decision.error).toEqual((classifyOutcome(outcome, { op }) as { error: unknown }).error);
  });

  it('never shows a 5xx body to the user', () => {
    const decision = classifyOutcome(answer(500, { message: 'relation "x" does not exist' }), { op: 'update' });
    expect(decision.kind === 'retry' && decision.error.message).not.toContain('relation');
  });
});
