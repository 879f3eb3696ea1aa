/**
 * The file 'Exportar dados não enviados' writes and 'Importar dados' reads
 * (docs/decisions/unsent-data-export.md): one JSON document with what a
 * device has not yet delivered, each part as the store keeps it (outbox
 * entries with their idempotency keys, the records they touch and point at,
 * drafts, the bytes of files not yet uploaded, in base64), the user whose
 * store it came from, and the format and store versions that wrote it.
 * Only the device reads it, so the schema lives here, not in the contract.
 * Unknown fields of entries, records and drafts are kept (a later store
 * version's additions travel through an import untouched).
 */
import { z } from 'zod';
import { CONTRACT_VERSION } from '../contract/contract-version';
import { SCHEMA_VERSIONS } from '../store/schema';

export { CONTRACT_VERSION };

export const UNSENT_FORMAT = 'higiene-dados-nao-enviados';
/** Bumped when the file's shape changes in a way an older app cannot read. */
export const UNSENT_FORMAT_VERSION = 1;
/** The local store's schema version this app writes (schema.ts): a file from a newer one is refused. */
export const STORE_VERSION = Math.max(...SCHEMA_VERSIONS.map((step) => step.version));

export const UNSENT_MESSAGES = {
  corrupt: 'Este arquivo não é um arquivo de dados não enviados ou está danificado. Nada foi importado.',
  newer:
    'Este arquivo foi gerado por uma versão mais nova do aplicativo. Atualize o aplicativo neste aparelho (abra-o com conexão) e importe de novo. Nada foi importado.',
  otherUser: (name: string) =>
    `Este arquivo tem dados de outro usuário (${name}). Só o próprio usuário ou um administrador pode importá-lo. Nada foi importado.`,
  busyRecords: (titles: string) =>
    `Este aparelho tem alterações ainda não enviadas em registros que também estão no arquivo (${titles}). Sincronize este aparelho (ou descarte essas alterações) e importe o arquivo de novo. Nada foi importado.`,
} as const;

const fields = z.record(z.string(), z.unknown());
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);

/** What identifies the file, read first: a newer version is said as such, not as damage. */
export const unsentHeaderSchema = z.object({
  format: z.literal(UNSENT_FORMAT),
  format_version: z.number().int().positive(),
  contract_version: z.number().int().nonnegative(),
  store_version: z.number().int().positive(),
});

export const unsentEntrySchema = z.looseObject({
  seq: z.number().int().positive(),
  resource: z.string().min(1),
  op: z.enum(['create', 'update', 'delete', 'command']),
  key: z.string().min(1),
  payload: fields.nullable(),
  command: z
    .looseObject({
      name: z.string(),
      label: z.string(),
      method: z.enum(['POST', 'PUT']),
      path: z.string(),
      answer: z.enum(['record', 'created', 'none']),
      pulls: z.array(z.string()),
    })
    .optional(),
  idempotency_key: z.string().regex(/^[\x21-\x7e]{1,200}$/),
  attempts: z.number().int().nonnegative(),
  next_attempt_at: z.number(),
  status: z.enum(['pending', 'in_flight', 'failed', 'conflict']),
  error: z.looseObject({ code: z.string(), message: z.string() }).nullable(),
  rebases: z.number().int().nonnegative().optional(),
  version: z.string().optional(),
  sent: z.object({ key: z.string(), body: fields }).optional(),
  conflict: z.object({ current: fields }).nullable(),
  created_at: z.number(),
  changed_at: z.number(),
});

export const unsentRecordSchema = z.object({
  resource: z.string().min(1),
  record: z.looseObject({
    key: z.string().min(1),
    id: z.number().int().positive().nullable(),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
    _base: fields.nullable(),
  }),
});

export const unsentFileRowSchema = z.object({
  key: z.string().min(1),
  owner_resource: z.string().min(1),
  owner_key: z.string().min(1),
  name: z.string(),
  type: z.string(),
  id: z.number().int().positive().nullable(),
  status: z.enum(['pending', 'uploaded', 'failed']),
  created_at: z.number(),
  /** The bytes, base64. */
  data: base64,
  thumbnail: base64.nullable(),
  thumbnail_type: z.string(),
});

export const unsentDraftSchema = z.looseObject({
  key: z.string().regex(/^[a-z_]+:.+$/),
  fields,
  base: fields.optional(),
  tab: z.string().nullable(),
  updated_at: z.string(),
});

export const unsentFileSchema = unsentHeaderSchema.extend({
  exported_at: z.string(),
  user: z.object({ id: z.number().int().positive(), username: z.string(), name: z.string() }),
  entries: z.array(unsentEntrySchema),
  records: z.array(unsentRecordSchema),
  files: z.array(unsentFileRowSchema),
  drafts: z.array(unsentDraftSchema),
});

export type UnsentFile = z.infer<typeof unsentFileSchema>;
export type UnsentEntry = z.infer<typeof unsentEntrySchema>;
export type UnsentRecord = z.infer<typeof unsentRecordSchema>;
export type UnsentFileRow = z.infer<typeof unsentFileRowSchema>;
export type UnsentDraft = z.infer<typeof unsentDraftSchema>;

/** Who the file belongs to, and who is importing it. */
export interface TransferUser {
  id: number;
  username: string;
  name: string;
  isAdmin: boolean;
}

/** How much of each kind a file holds (or an import took in). */
export interface UnsentCounts {
  /** Outbox entries: creates, updates, deletes and commands. */
  changes: number;
  /** Files (photos, attachments) whose bytes had not been uploaded. */
  files: number;
  drafts: number;
}
