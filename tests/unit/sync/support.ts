/**
 * Helpers for the engine's unit tests: a fresh local store per test (on
 * fake-indexeddb) and wire records as the server sends them.
 */
import { afterEach, beforeEach } from 'vitest';
import { SyncDatabase } from '@sync/store/database';
import { newKey } from '@sync/store/keys';
import type { RecordFields } from '@sync/store/types';

export function openTestDb(): SyncDatabase {
  return new SyncDatabase(`test-${newKey()}`);
}

/** A fresh store for each test of the file, handed to `use`, and deleted after the test. */
export function useTestDb(use: (db: SyncDatabase) => void): void {
  let db: SyncDatabase;
  beforeEach(() => {
    db = openTestDb();
    use(db);
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });
}

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
export const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

export function wireCategory(id: number, name: string, updatedSeconds = 0): RecordFields {
  return { id, name, created_at: at(0), updated_at: at(updatedSeconds) };
}

export function wireEquipment(id: number, overrides: RecordFields = {}): RecordFields {
  return {
    id,
    name: `Equipamento ${id}`,
    slug: `equipamento-${id}`,
    serial_number: null,
    calibration_certificate: null,
    expiration_date: null,
    category_id: null,
    category: null,
    type: null,
    created_at: at(0),
    updated_at: at(0),
    ...overrides,
  };
}

export function wireProduct(id: number, overrides: RecordFields = {}): RecordFields {
  return {
    id,
    name: `Agente ${id}`,
    slug: `agente-${id}`,
    price: 10,
    type_id: 1,
    type: null,
    code: null,
    method: null,
    cas: null,
    action_in_body: null,
    notion_skin: null,
    ipvs: null,
    odor_limit: null,
    respirator: null,
    display_name: null,
    unit_type: null,
    equipments: [],
    created_at: at(0),
    updated_at: at(0),
    ...overrides,
  };
}

export function wireLine(id: number, equipmentId: number, quantity = 1, updatedSeconds = 0): RecordFields {
  return {
    id,
    equipment_id: equipmentId,
    name: `Equipamento ${equipmentId}`,
    slug: `equipamento-${equipmentId}`,
    quantity,
    created_at: at(0),
    updated_at: at(updatedSeconds),
  };
}
