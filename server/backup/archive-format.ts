/**
 * The backup archive's layout, read by the writer, the reader and the
 * restore (docs/decisions/backups.md): a gzip-compressed tar (ustar) that
 * `tar xzf` opens and `sha256sum -c SHA256SUMS` checks, with, in this order,
 *
 * - `manifest.json`: what the archive holds (this module's schema);
 * - `db/<table>.jsonl`: one JSON object per row, tables parents first;
 * - `files/<storage key>`: the stored files the rows name;
 * - `SHA256SUMS`: the SHA-256 of every entry before it.
 */
import { z } from 'zod';

export const ARCHIVE_FORMAT = 'higiene-ocupacional-backup';
export const ARCHIVE_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const CHECKSUMS_ENTRY = 'SHA256SUMS';

export const tableEntry = (table: string) => `db/${table}.jsonl`;
export const fileEntry = (key: string) => `files/${key}`;

/** The table an entry holds, or undefined for any other entry. */
export function tableOfEntry(name: string): string | undefined {
  return /^db\/([^/]+)\.jsonl$/.exec(name)?.[1];
}

/** The storage key of a file entry, or undefined for any other entry. */
export function keyOfEntry(name: string): string | undefined {
  return /^files\/([a-f0-9]{32})$/.exec(name)?.[1];
}

const migrationSchema = z.object({
  /** The migration's name in server/db/migrations (for people; the restore matches `created_at`). */
  tag: z.string().nullable(),
  /** Its `when` in the journal, as drizzle records it in drizzle.__drizzle_migrations. */
  created_at: z.number().int(),
});

const tableSchema = z.object({
  name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
  columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)).min(1),
  rows: z.number().int().min(0),
  /** The table points at itself: its rows are inserted in one statement, so the order between them does not matter. */
  whole: z.boolean(),
});

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  created_at: z.string(),
  source: z.enum(['pglite', 'postgres']),
  /** Every migration the database had applied, oldest first: the restore applies these, inserts, then the newer ones. */
  migrations: z.array(migrationSchema),
  /** In insertion order: a table comes after every table it references. */
  tables: z.array(tableSchema),
  files: z.object({
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    /** Storage keys a row names whose bytes were already gone from DATA_DIR/files when the copy was taken. */
    missing: z.array(z.string()),
  }),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestTable = Manifest['tables'][number];
export type MigrationMark = z.infer<typeof migrationSchema>;
