/**
 * The rules the sign-in and recovery protections are made of, with a
 * manual clock, on both AttemptStores (the database one on PGlite, as the
 * server uses it, and the in-memory one): the sliding window, the growing
 * delay, the wait texts, the stores' bounds, and two processes sharing the
 * database store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryAttemptStore, type AttemptStore } from '@server/auth/attempt-store';
import { databaseAttemptStore } from '@server/auth/db-attempt-store';
import { GrowingDelay, WindowLimit, waitText } from '@server/auth/rate-limit';
import { manualClock } from '@server/clock';
import { openDatabase, type Database } from '@server/db/client';
import { authAttempts } from '@server/db/schema';
import { migratedPglite } from './helpers/pglite';

const DAY = 24 * 3600_000;
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite-client', client: await migratedPglite() });
});
afterAll(() => database.close());

type Kind = 'database' | 'memory';
function storeOf(kind: Kind, clock: { now(): number }, purgeEvery?: number): AttemptStore {
  return kind === 'database'
    ? databaseAttemptStore({ db: database.db, now: clock.now, maxAgeMs: DAY, ...(purgeEvery ? { purgeEvery } : {}) })
    : memoryAttemptStore({ now: clock.now, maxAgeMs: DAY });
}
let names = 0;
/** A fresh rule name per test, so tests sharing the database never share keys. */
const fresh = () => `t${++names}`;

describe.each<Kind>(['database', 'memory'])('GrowingDelay on the %s store', (kind) => {
  const clock = manualClock();
  let delay: GrowingDelay;
  beforeAll(() => {
    delay = new GrowingDelay({
      store: storeOf(kind, clock),
      clock,
      name: fresh(),
      freeFailures: 5,
      firstDelayMs: 1000,
      maxDelayMs: 900_000,
      forgetAfterMs: DAY,
    });
  });

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

describe.each<Kind>(['database', 'memory'])('WindowLimit on the %s store', (kind) => {
  it('allows `limit` attempts per sliding window, and answers when the oldest leaves it', async () => {
    const clock = manualClock();
    const store = storeOf(kind, clock);
    const limit = new WindowLimit({ store, clock, name: fresh(), limit: 3, windowMs: 60_000 });
    await limit.record('x');
    clock.advance(10_000);
    await limit.record('x');
    await limit.record('x');
    expect(await limit.check('x')).toEqual({ blocked: true, retryAfterSeconds: 50 });
    // Rules sharing a store never mix their keys.
    expect(await new WindowLimit({ store, clock, name: fresh(), limit: 1, windowMs: 60_000 }).check('x')).toEqual({ blocked: false });
    clock.advance(50_000);
    expect(await limit.check('x')).toEqual({ blocked: false });
  });
});

describe('the stores', () => {
  it('the database store is shared: a second process sees and clears what the first recorded', async () => {
    const clock = manualClock();
    const name = fresh();
    const rule = (store: AttemptStore) => new WindowLimit({ store, clock, name, limit: 2, windowMs: 60_000 });
    const one = rule(storeOf('database', clock));
    const two = rule(storeOf('database', clock));
    await one.record('shared');
    await two.record('shared');
    expect((await one.check('shared')).blocked).toBe(true);
    await one.clear('shared');
    expect((await two.check('shared')).blocked).toBe(false);
  });

  it('the database store keeps the newest `keep` rows per key and purges rows older than maxAgeMs', async () => {
    const clock = manualClock();
    const store = storeOf('database', clock, 3);
    const key = fresh();
    await store.add(`${key}-old`, clock.now(), 5);
    clock.advance(DAY + 1);
    for (let i = 0; i < 4; i++) {
      clock.advance(1);
      await store.add(key, clock.now(), 2);
    }
    expect(await store.since(key, 0)).toEqual([clock.now() - 1, clock.now()]);
    expect(await store.since(`${key}-old`, 0)).toEqual([]);
    const rows = await database.db.select().from(authAttempts);
    expect(rows.every((r) => r.at.getTime() > clock.now() - DAY)).toBe(true);
  });

  it('the memory store drops keys older than maxAgeMs on its periodic sweep', async () => {
    const clock = manualClock();
    const store = storeOf('memory', clock);
    await store.add('old', clock.now(), 5);
    clock.advance(DAY + 1);
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
