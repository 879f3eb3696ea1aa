/**
 * What the sample document is made from, the same from either side: the
 * server's wire record (server/pdf/sample-pdf.ts) and the device's local
 * record with the draft's blocks (src/features/samples/sample-print-button.tsx)
 * both go through `pdfSampleOf`, so they hand the template the same fields.
 * The blocks may come in any key order (the server's JSONB has its own):
 * the type's descriptor decides what is printed in which order.
 */
import { sampleStateOf, type SampleApproval, type SampleBlockName, type SampleState } from '@sync/contract/samples';
import type { PdfPhoto } from './photo-section';

/** A sample's fields as the document reads them; the blocks as stored or drafted (null: nothing yet). */
export type PdfSampleRecord = {
  type_id: number | null;
  /** Server-made: null on a sample not synced yet. */
  sample_no: number | null;
  quotation_id: number | null;
  company_name: string | null;
  agent_name: string | null;
  employee: string | null;
  f_created_at: string | null;
  /** The review state (issue 28); absent or null on a record from before it: a draft. */
  status?: unknown;
  /** The approval, once approved (null before). */
  approval?: SampleApproval | null;
} & { [K in SampleBlockName]: unknown };

export type PdfSample = Omit<PdfSampleRecord, 'status' | 'approval'> & {
  /** The quotation's number, 'N/YYYY' (its `reference_no`); null when the caller does not know it (then its id is printed: src/domain/quotation-number.ts). */
  quotation_reference: string | null;
  status: SampleState;
  approval: SampleApproval | null;
};

export interface SamplePdfInput {
  sample: PdfSample;
  /** Every setting option, `{prefix}_{field}` → value. */
  settings: Readonly<Record<string, string>>;
  /** The company logo as a data URL, when there is one. */
  logo: string | null;
  /** The sample's photos, shrunk for print (PRINT_PHOTO), in the order they were added. */
  photos?: PdfPhoto[];
  /**
   * Where the app is served ('https://higiene.example.com'): an approved
   * report prints `{verifyOrigin}/verificar/{code}`. The device passes its
   * own origin, the server its public one; absent, the path alone.
   */
  verifyOrigin?: string | null;
}

/** The fields the document prints, picked from a server or device record (nothing else travels to the renderer). */
export function pdfSampleOf(record: PdfSampleRecord, quotationReference: string | null): PdfSample {
  return {
    type_id: record.type_id,
    sample_no: record.sample_no,
    quotation_id: record.quotation_id,
    quotation_reference: quotationReference,
    company_name: record.company_name,
    agent_name: record.agent_name,
    employee: record.employee,
    f_created_at: record.f_created_at,
    status: sampleStateOf(record),
    approval: record.approval ?? null,
    caracterization: record.caracterization,
    memory_field: record.memory_field,
    result: record.result,
    risk_classification: record.risk_classification,
    validation: record.validation,
  };
}
