/**
 * Stored files and customers' attachments (spec section 3, "Customer
 * file"). `files` describes bytes kept on disk under DATA_DIR/files (see
 * server/files/storage.ts), named by a random storage key and never by the
 * client's file name; `customer_files` attaches one of them to a customer
 * under a display name. The split mirrors the spec's `file_id` and lets
 * other uploads (logo, user image) reuse `files` later.
 */
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, syncTimestamps } from './columns';
import { customers } from './customers';

export const storedFiles = pgTable(
  'files',
  {
    id: idColumn(),
    /** File name under DATA_DIR/files: random hex, validated before it touches a path. */
    storage_key: text('storage_key').notNull(),
    /** The name the device sent, without folders or control characters. */
    original_name: text('original_name').notNull(),
    /** The allowed MIME type the upload was accepted as. */
    mime_type: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** SHA-256 of the bytes, hex. */
    sha256: text('sha256').notNull(),
    ...syncTimestamps(),
  },
  (t) => [uniqueIndex('files_storage_key_unique').on(t.storage_key)],
);

export const customerFiles = pgTable(
  'customer_files',
  {
    id: idColumn(),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    file_id: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    /** Display name, required; downloads add the original extension. */
    name: text('name').notNull(),
    ...syncTimestamps(),
  },
  (t) => [
    index('customer_files_customer_idx').on(t.customer_id),
    uniqueIndex('customer_files_file_unique').on(t.file_id),
    index('customer_files_updated_idx').on(t.updated_at, t.id),
  ],
);
