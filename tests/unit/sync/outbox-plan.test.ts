/**
 * The coalescing and cancelling rules of the outbox, as a table: what a save
 * or a delete does to a record's chain of entries, depending on whether each
 * entry may already have reached the server.
 */
import { describe, expect, it } from 'vitest';
import { isOpen, planChange, type PlanContext } from '@sync/engine/outbox-plan';
import type { OutboxEntry, OutboxStatus } from '@sync/store/types';

let keys = 0;
const context = (serverId: number | null): PlanContext => ({
  resource: 'costs',
  key: 'k1',
  serverId,
  now: 1000,
  newIdempotencyKey: () => `new-${++keys}`,
});

function entry(
  seq: number,
  op: OutboxEntry['op'],
  status: OutboxStatus,
  attempts: number,
  payload: Record<string, unknown> | null = { name: `v${seq}` },
): OutboxEntry {
  return {
    seq,
    resource: 'costs',
    op,
    key: 'k1',
    payload,
    idempotency_key: `key-${seq}`,
    attempts,
    next_attempt_at: 0,
    status,
    error: status === 'failed' ? { code: 'validation', message: 'Nome é obrigatório' } : null,
    conflict: null,
    created_at: 1,
    changed_at: 1,
  };
}

describe('isOpen: may the entry be rewritten?', () => {
  it.each([
    ['never sent', entry(1, 'update', 'pending', 0), true],
    ['sent, no answer yet (may be applied)', entry(1, 'update', 'pending', 2), false],
    ['being sent', entry(1, 'update', 'in_flight', 1), false],
    ['refused by the server', entry(1, 'update', 'failed', 1), true],
    ['in conflict', entry(1, 'update', 'conflict', 1), true],
  ])('%s → %s', (_what, item, open) => {
    expect(isOpen(item)).toBe(open);
  });
});

describe('a save', () => {
  it('of a new record appends a create', () => {
    const plan = planChange([], { op: 'create', payload: { name: 'Café' } }, context(null));
    expect(plan.remove).toEqual([]);
    expect(plan.put).toHaveLength(1);
    expect(plan.put[0]).toMatchObject({ op: 'create', payload: { name: 'Café' }, status: 'pending', attempts: 0 });
  });

  it('merges into a never-sent create: still one create, with the new fields', () => {
    const plan = planChange([entry(1, 'create', 'pending', 0, { name: 'A', price: 1 })], { op: 'update', payload: { name: 'B' } }, context(null));
    expect(plan.put).toEqual([expect.objectContaining({ seq: 1, op: 'create', payload: { name: 'B', price: 1 }, idempotency_key: 'key-1' })]);
  });

  it('merges into a never-sent update: one PUT with the merged fields', () => {
    const plan = planChange([entry(4, 'update', 'pending', 0, { name: 'A', price: 1 })], { op: 'update', payload: { price: 2 } }, context(9));
    expect(plan.put).toEqual([expect.objectContaining({ seq: 4, op: 'update', payload: { name: 'A', price: 2 } })]);
  });

  it.each([
    ['sent without an answer', entry(1, 'update', 'pending', 1)],
    ['being sent', entry(1, 'update', 'in_flight', 1)],
    ['a create sent without an answer', entry(1, 'create', 'pending', 3)],
  ])('after an entry %s appends a new update (the first may already be applied)', (_what, previous) => {
    const plan = planChange([previous], { op: 'update', payload: { name: 'B' } }, context(null));
    expect(plan.put).toEqual([expect.objectContaining({ op: 'update', payload: { name: 'B' } })]);
    expect(plan.put[0]!.seq).toBeUndefined();
  });

  it('into a failed entry resets it to pending with a new idempotency key', () => {
    const plan = planChange([entry(2, 'update', 'failed', 1)], { op: 'update', payload: { name: 'Corrigido' } }, context(9));
    const [merged] = plan.put;
    expect(merged).toMatchObject({ seq: 2, status: 'pending', attempts: 0, error: null, payload: { name: 'Corrigido' } });
    expect(merged!.idempotency_key).not.toBe('key-2');
  });

  it('into a conflict keeps the conflict (the user still chooses) with the new content as mine', () => {
    const plan = planChange([entry(2, 'update', 'conflict', 1)], { op: 'update', payload: { name: 'Meu' } }, context(9));
    expect(plan.put[0]).toMatchObject({ status: 'conflict', payload: { name: 'Meu' }, idempotency_key: 'key-2' });
  });
});

describe('a delete', () => {
  it('of a never-sent record cancels its create: nothing is sent', () => {
    const plan = planChange([entry(1, 'create', 'pending', 0), entry(2, 'update', 'pending', 0)], { op: 'delete' }, context(null));
    expect(plan).toEqual({ put: [], remove: [2, 1], cancelled: true });
  });

  it('of a record whose create the server refused cancels it too', () => {
    const plan = planChange([entry(1, 'create', 'failed', 1)], { op: 'delete' }, context(null));
    expect(plan.cancelled).toBe(true);
  });

  it('of a record whose create may have reached the server is sent after it', () => {
    const plan = planChange([entry(1, 'create', 'pending', 1), entry(2, 'update', 'pending', 0)], { op: 'delete' }, context(null));
    expect(plan.cancelled).toBe(false);
    expect(plan.remove).toEqual([2]);
    expect(plan.put).toEqual([expect.objectContaining({ op: 'delete', payload: null })]);
  });

  it('of a server record drops its unsent updates and sends one delete', () => {
    const plan = planChange([entry(5, 'update', 'pending', 0)], { op: 'delete' }, context(9));
    expect(plan.remove).toEqual([5]);
    expect(plan.put).toEqual([expect.objectContaining({ op: 'delete' })]);
    expect(plan.cancelled).toBe(false);
  });

  it('of a server record with an update being sent keeps that update and queues the delete', () => {
    const plan = planChange([entry(5, 'update', 'in_flight', 1)], { op: 'delete' }, context(9));
    expect(plan.remove).toEqual([]);
    expect(plan.put).toEqual([expect.objectContaining({ op: 'delete' })]);
  });
});
