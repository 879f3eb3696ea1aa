/**
 * The tables a backup copies, read from the Drizzle schema (server/db/schema)
 * rather than listed by hand, so a table added later is in the next backup
 * without anyone remembering it. Ordered parents first (a table after every
 * table its foreign keys point at), which is the order a restore inserts
 * them in; ties are broken by name, so two backups list tables alike.
 */
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema';

export type DumpTable = {
  name: string;
  /** Columns the rows are written and read with; generated columns are left out (the database computes them). */
  columns: string[];
  /** The primary key, for a stable row order (empty: none). */
  primaryKey: string[];
  /** Foreign keys to the table itself. */
  selfReferencing: boolean;
  /** Tables its foreign keys point at (itself excluded). */
  parents: string[];
};

function describe(table: PgTable): DumpTable {
  const config = getTableConfig(table);
  const primaryKey = config.primaryKeys[0]?.columns.map((c) => c.name) ?? config.columns.filter((c) => c.primary).map((c) => c.name);
  const targets = config.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name);
  return {
    name: config.name,
    columns: config.columns.filter((c) => !c.generated).map((c) => c.name),
    primaryKey,
    selfReferencing: targets.includes(config.name),
    parents: [...new Set(targets.filter((t) => t !== config.name))],
  };
}

/** Every table of the schema, parents first. Throws on a cycle of foreign keys between tables (no order could insert them). */
export function tablesInDumpOrder(tables: readonly PgTable[] = schemaTables()): DumpTable[] {
  const byName = new Map(tables.map((t) => describe(t)).map((t) => [t.name, t]));
  const ordered: DumpTable[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: DumpTable) => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name)) throw new Error(`foreign keys form a cycle through ${table.name}; the backup cannot order its tables`);
    visiting.add(table.name);
    for (const parent of [...table.parents].sort()) {
      const found = byName.get(parent);
      if (found) place(found);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const name of [...byName.keys()].sort()) place(byName.get(name)!);
  return ordered;
}

function schemaTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
}
