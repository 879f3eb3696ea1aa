/**
 * Migration 0007_quotation_row_ids on data of the old shape (PGlite): a
 * database migrated up to 0006 holds quotations whose lines have no
 * `row_id` and samples that name their agent row by position; applying the
 * rest gives every line an id (the quotation's updated_at moves, so devices
 * pull it again), and turns each sample's position into the id of the row
 * at that position (its updated_at moves too); a position with no row left
 * becomes null, and the plan slot stays unique.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@server/db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '@server/db/migrate';
import { PGLITE_EXTENSIONS } from '@server/db/pglite-extensions';

const BEFORE = '0007_quotation_row_ids';
const OLD = '2026-01-10T12:00:00.000Z';

let client: PGlite;
let database: Database;
let folder: string;

/** The migrations folder as it was before 0007: the files and journal entries up to 0006. */
function migrationsBefore(tag: string): string {
  const target = mkdtempSync(join(tmpdir(), 'ho-migrations-'));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  const kept = journal.entries.slice(0, stop);
  for (const entry of kept) cpSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(target, `${entry.tag}.sql`));
  cpSync(join(MIGRATIONS_FOLDER, 'meta'), join(target, 'meta'), { recursive: true });
  writeFileSync(join(target, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  expect(readdirSync(target).filter((name) => name.endsWith('.sql'))).toHaveLength(kept.length);
  return target;
}

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  return (await client.query<T>(sql, params)).rows[0]!;
}

beforeAll(async () => {
  client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  database = await openDatabase({ kind: 'pglite-client', client });
  folder = migrationsBefore(BEFORE);
  await migrate(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
});
afterAll(async () => {
  await database?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('migration 0007: quotation line ids and samples by row id', () => {
  it('backfills the lines, converts the samples and keeps the plan slot unique', async () => {
    const line = (name: string, type: number, quantity: number) => ({
      product_id: null,
      name,
      product_type_id: type,
      sector: null,
      function: null,
      exposition_type_id: 1,
      daily_exposition: null,
      quantity,
      value: 10,
      unit_type: null,
      total: 10 * quantity,
    });
    const { id: customerId } = await one<{ id: number }>(`insert into customers (name) values ('Metalúrgica Alfa') returning id`);
    const rows = [line('Ruído contínuo', 3, 2), line('Tolueno', 2, 1)];
    const { id: quotationId } = await one<{ id: number }>(
      `insert into quotations (customer_id, status, rows, services, costs, equipments, deadlines, created_at, updated_at)
       values ($1, 'approved', $2, $3, '[]', $4, $5, $6, $6) returning id`,
      [
        customerId,
        JSON.stringify(rows),
        JSON.stringify([{ product_id: null, name: 'Avaliação', quantity: 1, value: 5, total: 5 }]),
        JSON.stringify([{ equipment_id: null, name: 'Dosímetro', quantity: 1 }]),
        JSON.stringify([{ activity: 'Campo', description: null }]),
        OLD,
      ],
    );
    const { id: emptyId } = await one<{ id: number }>(
      `insert into quotations (customer_id, created_at, updated_at) values ($1, $2, $2) returning id`,
      [customerId, OLD],
    );
    const sample = async (no: number, position: number | null, unit: number | null) =>
      (
        await one<{ id: number }>(
          `insert into samples (sample_no, quotation_id, quotation_row_id, plan_unit, customer_id, type_id, agent_name, created_at, updated_at)
           values ($1, $2, $3, $4, $5, 3, 'Agente', $6, $6) returning id`,
          [no, quotationId, position, unit, customerId, OLD],
        )
      ).id;
    const noise1 = await sample(1, 1, 1);
    const noise2 = await sample(2, 1, 2);
    const chemical = await sample(3, 2, 1);
    const gone = await sample(4, 7, 1);
    const loose = await sample(5, null, null);

    await runMigrations(database);

    const after = await one<{
      rows: Array<{ row_id: string; name: string }>;
      services: Array<{ row_id: string }>;
      costs: unknown[];
      equipments: Array<{ row_id: string }>;
      deadlines: Array<{ row_id: string }>;
      updated_at: Date;
    }>('select rows, services, costs, equipments, deadlines, updated_at from quotations where id = $1', [quotationId]);
    expect(after.rows.map((row) => row.name)).toEqual(['Ruído contínuo', 'Tolueno']);
    for (const list of [after.rows, after.services, after.equipments, after.deadlines]) {
      for (const item of list) expect(item.row_id).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(new Set(after.rows.map((row) => row.row_id)).size).toBe(2);
    // The rest of each line is as it was.
    expect(after.rows.map(({ row_id: _id, ...rest }) => rest)).toEqual(rows);
    expect(after.costs).toEqual([]);
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(Date.parse(OLD));
    // A quotation with no line is left alone.
    const empty = await one<{ updated_at: Date }>('select updated_at from quotations where id = $1', [emptyId]);
    expect(new Date(empty.updated_at).toISOString()).toBe(OLD);

    const samplesAfter = new Map(
      (
        await client.query<{ id: number; quotation_row_id: string | null; updated_at: Date }>('select id, quotation_row_id, updated_at from samples')
      ).rows.map((row) => [row.id, row]),
    );
    const [noiseRow, chemicalRow] = after.rows.map((row) => row.row_id);
    expect(samplesAfter.get(noise1)!.quotation_row_id).toBe(noiseRow);
    expect(samplesAfter.get(noise2)!.quotation_row_id).toBe(noiseRow);
    expect(samplesAfter.get(chemical)!.quotation_row_id).toBe(chemicalRow);
    expect(samplesAfter.get(gone)!.quotation_row_id).toBeNull();
    expect(samplesAfter.get(loose)!.quotation_row_id).toBeNull();
    for (const id of [noise1, noise2, chemical, gone]) expect(new Date(samplesAfter.get(id)!.updated_at).getTime()).toBeGreaterThan(Date.parse(OLD));
    expect(new Date(samplesAfter.get(loose)!.updated_at).toISOString()).toBe(OLD);

    const column = await one<{ data_type: string }>(
      `select data_type from information_schema.columns where table_name = 'samples' and column_name = 'quotation_row_id'`,
    );
    expect(column.data_type).toBe('text');
    await expect(
      client.query(`insert into samples (sample_no, quotation_id, quotation_row_id, plan_unit, customer_id, type_id) values (9, $1, $2, 1, $3, 3)`, [
        quotationId,
        noiseRow,
        customerId,
      ]),
    ).rejects.toThrow(/samples_plan_slot_unique/);
  });
});
