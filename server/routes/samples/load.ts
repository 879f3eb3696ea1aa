/**
 * Samples as wire records (sync/contract/samples): the row with its blocks
 * as stored (a chemical classification in its list form), its type from the
 * constant list, its files, its review fields with the approval (the
 * approval stays on a sample invalidated since: its report still prints
 * it, and the code verifies as 'substituída'), and `f_created_at`.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { sampleTypeById, type Sample, type SampleApproval, type SampleFile } from '@sync/contract/samples';
import { classificationAsList } from '@sync/contract/samples/chemical';
import { formatInstantBR } from '@/domain/dates';
import type { Db, Tx } from '@server/db/client';
import { sampleApprovals, sampleFiles, samples, storedFiles } from '@server/db/schema';
import { syncFields } from '@server/lib/wire';

type Reader = Db | Tx;

/** Where a file's bytes are served (relative to the API base); thumbnails add `?w=150&h=150`. */
export function sampleFileUrl(attachmentId: number): string {
  return `api/sample/file/${attachmentId}`;
}

export function sampleFileRows(db: Reader) {
  return db.select({ attachment: sampleFiles, file: storedFiles }).from(sampleFiles).innerJoin(storedFiles, eq(storedFiles.id, sampleFiles.file_id));
}

type FileRow = Awaited<ReturnType<ReturnType<typeof sampleFileRows>['where']>>[number];

export function toSampleFile({ attachment, file }: FileRow): SampleFile {
  return {
    id: attachment.id,
    sample_id: attachment.sample_id,
    file_id: file.id,
    name: attachment.name,
    file_name: file.original_name,
    url: sampleFileUrl(attachment.id),
    type: file.mime_type,
    size: file.size,
    sha256: file.sha256,
    ...syncFields(attachment),
  };
}

export async function loadSamples(db: Reader, ids: readonly number[]): Promise<Sample[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(samples)
    .where(inArray(samples.id, [...ids]));
  const files = await sampleFileRows(db)
    .where(inArray(sampleFiles.sample_id, [...ids]))
    .orderBy(asc(sampleFiles.id));
  const filesOf = new Map<number, SampleFile[]>();
  for (const row of files) {
    const list = filesOf.get(row.attachment.sample_id) ?? [];
    list.push(toSampleFile(row));
    filesOf.set(row.attachment.sample_id, list);
  }
  const approvals = await db
    .select()
    .from(sampleApprovals)
    .where(inArray(sampleApprovals.sample_id, [...ids]));
  const approvalOf = new Map<number, SampleApproval>(
    approvals.map((a) => [
      a.sample_id,
      { code: a.code, approver_name: a.approver_name, council: a.council, approved_at: a.approved_at.toISOString() },
    ]),
  );
  return rows.map((row) => {
    const type = sampleTypeById(row.type_id);
    // Writes refuse an unknown type (sample.ts); a stored one is a corrupt row, never read as some other type.
    if (!type) throw new Error(`sample ${row.id} has unknown type_id ${row.type_id}`);
    return {
      id: row.id,
      sample_no: row.sample_no,
      customer_id: row.customer_id,
      company_name: row.company_name,
      company_city: row.company_city,
      quotation_id: row.quotation_id,
      quotation_row_id: row.quotation_row_id,
      plan_unit: row.plan_unit,
      type_id: row.type_id,
      type: { id: type.id, name: type.name, slug: type.slug },
      agent_name: row.agent_name,
      employee: row.employee,
      chemical_agent: row.chemical_agent,
      caracterization: row.caracterization,
      memory_field: row.memory_field,
      result: row.result,
      // A chemical classification saved as the original system's single record is read as its list (chemical.ts).
      risk_classification:
        type.slug === 'chemical' ? (classificationAsList(row.risk_classification) as Sample['risk_classification']) : row.risk_classification,
      validation: row.validation,
      files: filesOf.get(row.id) ?? [],
      status: row.status,
      revision: row.revision,
      replaces_id: row.replaces_id,
      replaced_by_id: row.replaced_by_id,
      finalized_by: row.finalized_by,
      status_reason: row.status_reason,
      approval: approvalOf.get(row.id) ?? null,
      f_created_at: formatInstantBR(row.created_at),
      ...syncFields(row),
    };
  });
}
