/**
 * The rules the sign-in and recovery protections are made of, on the
 * in-memory AttemptStore and a manual clock: the sliding window, the
 * growing delay, the wait texts, and the store's memory bound.
 */
import { describe, expect, it } from 'vitest';
import { memoryAttemptStore } from '@server/auth/attempt-store';
import { GrowingDelay, WindowLimit, waitText } from '@server/auth/rate-limit';
import { manualClock } from '@server/clock';

function setup() {
  const clock = manualClock();
  const store = memoryAttemptStore({ now: clock.now, maxAgeMs: 24 * 3600_000 });
  return { clock, store };
}

describe('GrowingDelay', () => {
  const { clock, store } = setup();
  const delay = new GrowingDelay({ store, clock, name: 'd', freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 900_000, forgetAfterMs: 24 * 3600_000 });

  it.each([
    [0, 0],
    [4, 0],
    [5, 1000],
    [6, 2000],
    [10, 32_000],
    [14, 512_000],
    [15, 900_000],
    [200, 900_000],
  ])('after %i failures waits %i ms', (failures, ms) => {
    expect(delay.delayAfter(failures)).toBe(ms);
  });

  it('counts from the last failure, per key, and clear() forgets', async () => {
    for (let i = 0; i < 6; i++) await delay.record('a');
    expect(await delay.check('a')).toEqual({ blocked: true, retryAfterSeconds: 2 });
    expect(await delay.check('b')).toEqual({ blocked: false });
    clock.advance(1500);
    expect(await delay.check('a')).toEqual({ blocked: true, retryAfterSeconds: 1 });
    clock.advance(500);
    expect(await delay.check('a')).toEqual({ blocked: false });
    await delay.clear('a');
    await delay.record('a');
    expect(await delay.check('a')).toEqual({ blocked: false });
  });

  it('keeps enough failures to reach the maximum delay', async () => {
    for (let i = 0; i < 40; i++) await delay.record('c');
    expect(await delay.check('c')).toEqual({ blocked: true, retryAfterSeconds: 900 });
  });
});

describe('WindowLimit', () => {
  it('allows `limit` attempts per sliding window, and answers when the oldest leaves it', async () => {
    const { clock, store } = setup();
    const limit = new WindowLimit({ store, clock, name: 'w', limit: 3, windowMs: 60_000 });
    await limit.record('x');
    clock.advance(10_000);
    await limit.record('x');
    await limit.record('x');
    expect(await limit.check('x')).toEqual({ blocked: true, retryAfterSeconds: 50 });
    // Rules sharing a store never mix their keys.
    expect(await new WindowLimit({ store, clock, name: 'other', limit: 1, windowMs: 60_000 }).check('x')).toEqual({ blocked: false });
    clock.advance(50_000);
    expect(await limit.check('x')).toEqual({ blocked: false });
  });
});

describe('memoryAttemptStore', () => {
  it('drops keys older than maxAgeMs on its periodic sweep', async () => {
    const { clock, store } = setup();
    await store.add('old', clock.now(), 5);
    clock.advance(24 * 3600_000 + 1);
    for (let i = 0; i < 1000; i++) await store.add(`k${i}`, clock.now(), 5);
    expect(await store.since('old', 0)).toEqual([]);
    expect(await store.since('k1', 0)).toHaveLength(1);
  });
});

describe('waitText', () => {
  it.each([
    [0.2, '1 segundo'],
    [1, '1 segundo'],
    [30, '30 segundos'],
    [59, '59 segundos'],
    [60, '1 minuto'],
    [61, '2 minutos'],
    [900, '15 minutos'],
  ])('%s s reads "%s"', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});
