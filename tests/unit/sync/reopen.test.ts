/**
 * A dropped IndexedDB connection (Safari after resume) is reopened and the
 * work run again once; a database closed on purpose stays closed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { saveRecord } from '@sync/engine/mutations';
import type { SyncDatabase } from '@sync/store/database';
import { isConnectionLost, withReopen } from '@sync/store/reopen';
import { openTestDb } from './support';

const opened: SyncDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

const lost = (name: string) => Object.assign(new Error('Connection to Indexed Database server lost. Refresh the page to try again'), { name });

describe('withReopen', () => {
  it.each(['UnknownError', 'InvalidStateError', 'DatabaseClosedError'])('reopens after %s and runs the work again', async (name) => {
    const db = openTestDb();
    opened.push(db);
    await db.open();
    let calls = 0;
    const result = await withReopen(db, async () => {
      calls += 1;
      if (calls === 1) throw lost(name);
      return db.outbox.count();
    });
    expect(result).toBe(0);
    expect(calls).toBe(2);
    expect(db.isOpen()).toBe(true);
  });

  it('leaves other errors alone', async () => {
    const db = openTestDb();
    opened.push(db);
    await expect(withReopen(db, async () => Promise.reject(new TypeError('x')))).rejects.toThrow(TypeError);
    expect(isConnectionLost(new TypeError('x'))).toBe(false);
  });

  it('does not reopen a database closed on purpose', async () => {
    const db = openTestDb();
    opened.push(db);
    await db.open();
    db.close();
    await expect(saveRecord(db, 'costs', null, { name: 'A', price: 1 })).rejects.toMatchObject({ name: 'DatabaseClosedError' });
    expect(db.isOpen()).toBe(false);
  });

  it('a save survives the connection dropping under it', async () => {
    const db = openTestDb();
    opened.push(db);
    await db.open();
    // The browser closes the connection behind Dexie's back, as Safari does after a resume.
    db.backendDB().close();
    const key = await saveRecord(db, 'costs', null, { name: 'Depois da pausa', price: 1 });
    expect(await db.records('costs').get(key)).toMatchObject({ name: 'Depois da pausa' });
  });
});
