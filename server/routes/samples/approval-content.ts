/**
 * The content an approval freezes and a verification rebuilds (issue 28;
 * docs/decisions/sample-review-server.md, "What is hashed"):
 *
 * - `sample`: the sample's identity (id, revision, number, quotation and
 *   slot, customer and company, type, agent, employee) and its five blocks
 *   as stored, and each photo's name, type, size and SHA-256 computed from
 *   the bytes on disk (null when the bytes are missing). Rebuilt from the
 *   current row and files by the verification.
 * - frozen once, at approval: the instrument and calibrator the field
 *   memory names, with serial, certificate and calibration due date as the
 *   equipment table had them; the result thresholds in force; the engine
 *   version; the approver with council; the server time.
 *
 * The document is written as JSON with sorted keys (`canonicalJson`), so the
 * same content is the same bytes whatever key order JSONB gives back, on
 * PGlite and PostgreSQL, and after any number of reloads; its SHA-256 is
 * the approval's hash.
 */
import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { ResultThresholds } from '@/domain/result-thresholds';
import type { Db, Tx } from '@server/db/client';
import { equipment, sampleFiles, type samples, storedFiles } from '@server/db/schema';
import type { FileStore } from '@server/files/file-store';
import { canonicalJson } from '@server/sync/idempotency-plugin';

/**
 * The calculation engine's version named in every approval: the derivations
 * of src/domain and sync/contract/samples as of issue 28. Raise it when a
 * derivation changes what it computes, so an approval says which rules made
 * its figures.
 */
export const ENGINE_VERSION = 'ho-calculos/2026.11';

/** The document's layout; a later layout gets a new number, and old approvals keep verifying by theirs. */
const FORMAT = 1;

type SampleRow = typeof samples.$inferSelect;
type Reader = Db | Tx;

export interface FrozenApprover {
  id: number;
  name: string;
  council: string;
}

/** SHA-256 hex of a stored file's bytes, or null when they are gone; a store that cannot answer (the object store down) throws. */
async function hashStoredBytes(storage: FileStore, key: string): Promise<string | null> {
  try {
    const hash = createHash('sha256');
    for await (const chunk of await storage.open(key)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch (error) {
    // An outage is not a missing photo: frozen as null it would make the approval 'não confere' for good.
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
    return null;
  }
}

/** The sample's part of the document, from its row and the bytes of its photos now. */
export async function sampleContent(db: Reader, row: SampleRow, storage: FileStore) {
  const files = await db
    .select({ id: sampleFiles.id, name: sampleFiles.name, type: storedFiles.mime_type, size: storedFiles.size, key: storedFiles.storage_key })
    .from(sampleFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, sampleFiles.file_id))
    .where(eq(sampleFiles.sample_id, row.id))
    .orderBy(asc(sampleFiles.id));
  const photos = [];
  for (const file of files) photos.push({ name: file.name, type: file.type, size: file.size, sha256: await hashStoredBytes(storage, file.key) });
  return {
    id: row.id,
    revision: row.revision,
    sample_no: row.sample_no,
    quotation_id: row.quotation_id,
    quotation_row_id: row.quotation_row_id,
    plan_unit: row.plan_unit,
    customer_id: row.customer_id,
    company_name: row.company_name,
    company_city: row.company_city,
    type_id: row.type_id,
    agent_name: row.agent_name,
    employee: row.employee,
    chemical_agent: row.chemical_agent,
    caracterization: row.caracterization,
    memory_field: row.memory_field,
    result: row.result,
    risk_classification: row.risk_classification,
    validation: row.validation,
    photos,
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The equipment the memory names (same name; the one with the memory's serial first), as the table has it now. */
async function namedEquipment(db: Reader, name: string, serial: string) {
  if (name === '') return null;
  const rows = await db
    .select({
      id: equipment.id,
      name: equipment.name,
      serial_number: equipment.serial_number,
      calibration_certificate: equipment.calibration_certificate,
      expiration_date: equipment.expiration_date,
    })
    .from(equipment)
    .where(sql`lower(${equipment.name}) = lower(${name})`)
    .orderBy(asc(equipment.id));
  return rows.find((row) => serial !== '' && row.serial_number?.trim() === serial) ?? rows[0] ?? null;
}

/** The instrument and the calibrator of the field memory, with the equipment table's serial, certificate and due date. */
async function instrumentsOf(db: Reader, memory: Record<string, unknown>) {
  const instrument = { name: text(memory.instrument), serial: text(memory.instrument_serie) };
  const calibrator = { name: text(memory.gauge), serial: text(memory.gauge_serie) };
  return {
    instrument: { ...instrument, equipment: await namedEquipment(db, instrument.name, instrument.serial) },
    calibrator: { ...calibrator, equipment: await namedEquipment(db, calibrator.name, calibrator.serial) },
  };
}

export async function approvalDocument(
  db: Reader,
  row: SampleRow,
  storage: FileStore,
  frozen: { thresholds: ResultThresholds; approver: FrozenApprover; approvedAt: Date },
) {
  return {
    format: FORMAT,
    sample: await sampleContent(db, row, storage),
    equipment: await instrumentsOf(db, row.memory_field),
    thresholds: frozen.thresholds,
    engine_version: ENGINE_VERSION,
    approver: frozen.approver,
    approved_at: frozen.approvedAt.toISOString(),
  };
}

/** The document's bytes (sorted-key JSON) and their SHA-256 hex. */
export function sealed(document: unknown): { content: string; hash: string } {
  const content = canonicalJson(document);
  return { content, hash: createHash('sha256').update(content).digest('hex') };
}
