/**
 * Samples (issue 13; wire shapes in sync/contract/samples): one record per
 * sampling, its five blocks plain JSON fields validated per type on every
 * local save (messages by path, 'memory_field.epis.0.model'), sent whole.
 * The quotation is a reference (`restrict`: a quotation with samples is not
 * deleted; its customer id and name are copied on save); the files
 * (photos) are upload lines embedded under `files`.
 *
 * The sampling plan is made on the device as ordinary creates, one per
 * slot (src/entities/sample/plan.ts); the server keeps one sample per slot,
 * so plans made on several devices, or by `POST api/sample/quotation`, end
 * as one (docs/decisions/samples-plan-and-page.md).
 *
 * Review and approval (issue 28; sync/contract/samples/review.ts): the
 * review fields (status, revision, approval, …) are the server's; they are
 * not in the input schema, so no save ever sends them. Commands:
 * 'finalize' works offline (queued in the sample's chain after its earlier
 * changes; the sample shows 'Finalizada', read-only, at once); 'review'
 * (Devolver, Aprovar, …) and 'comment' need the server and are refused at
 * once offline; a review's answer is the sample, and Invalidar's new
 * revision arrives with the pull after it
 * (docs/decisions/sample-review-device.md).
 */
import { READ_ACCESS } from '@sync/contract/access';
import {
  isSampleFigure,
  SAMPLE_MESSAGES,
  sampleEmployee,
  sampleFieldLabel,
  sampleFileInputSchema,
  sampleCommentInputSchema,
  sampleFileSchema,
  sampleFinalizeInputSchema,
  sampleInputSchema,
  sampleReviewInputSchema,
  sampleSchema,
} from '@sync/contract/samples';
import type { RecordFields } from '../types';
import { defineResource } from './resource';

function sampleDerived(record: RecordFields): RecordFields {
  return { employee: sampleEmployee(record.caracterization as Record<string, unknown> | null) };
}

/**
 * A merge path in the descriptors' terms: a row without an id is named by
 * its position in a merge (`#2`), and by the bare index in a descriptor path.
 */
function descriptorPath(path: readonly string[]): string[] {
  return path.map((step) => (/^#\d+$/.test(step) ? step.slice(1) : step));
}

export const samples = defineResource({
  name: 'samples',
  label: 'Amostra',
  paths: {
    list: 'api/sample/all/{skip}/{take}',
    create: 'api/sample',
    update: 'api/sample/{id}',
    delete: 'api/sample/{id}',
  },
  schema: sampleSchema,
  input: sampleInputSchema,
  embedded: ['type', 'files'],
  references: [
    {
      field: 'quotation_id',
      keyField: 'quotation_key',
      resource: 'quotations',
      onDelete: 'restrict',
      inUseMessage: SAMPLE_MESSAGES.quotationHasSamples,
      copy: { customer_id: 'customer_id', company_name: 'customer_name' },
    },
  ],
  searchable: ['agent_name', 'employee', 'company_name'],
  fieldLabels: {
    quotation_id: 'Orçamento',
    type_id: 'Tipo',
    sample_no: 'Número',
    agent_name: 'Agente',
    chemical_agent: 'Agente químico',
    caracterization: 'Caracterização',
    memory_field: 'Memória de campo',
    result: 'Resultado',
    risk_classification: 'Classificação de risco',
    validation: 'Validação da medição',
    status: 'Estado',
  },
  title: (record) => [record.sample_no ? `Amostra ${String(record.sample_no)}` : 'Nova amostra', record.agent_name].filter(Boolean).join(' — '),
  read: READ_ACCESS.samples,
  derive: sampleDerived,
  derivedFields: ['employee'],
  // The figures (doses, IBUTG, conclusions) are computed again by the server on save: never a question.
  isFigurePath: (record, path) => isSampleFigure(record, descriptorPath(path)),
  pathLabel: (record, path) => sampleFieldLabel(record, descriptorPath(path)),
  commands: {
    finalize: {
      label: 'Finalização',
      method: 'PUT',
      path: 'api/sample/{id}/finalize',
      input: sampleFinalizeInputSchema,
      answer: 'record',
      // Read-only on the device from the moment it is queued; a discard puts the server's state back.
      effect: () => ({ status: 'finalizada' }),
      // Its photos first: the server takes no photo of a finalized sample.
      afterChildren: true,
    },
    review: {
      label: 'Revisão',
      method: 'PUT',
      path: 'api/sample/{id}/review',
      input: sampleReviewInputSchema,
      answer: 'record',
      online: true,
      // Invalidar makes revision n + 1 on the server.
      pulls: ['samples'],
    },
    comment: {
      label: 'Comentário',
      method: 'POST',
      path: 'api/sample/{id}/comment',
      input: sampleCommentInputSchema,
      answer: 'none',
      online: true,
    },
  },
});

export const sampleFiles = defineResource({
  name: 'sample_files',
  label: 'Arquivo da amostra',
  paths: {
    create: 'api/sample/{parentId}/file',
    // Files are never renamed; an update would be refused.
    update: 'api/sample/{parentId}/file/{id}',
    delete: 'api/sample/file/{id}',
  },
  schema: sampleFileSchema,
  input: sampleFileInputSchema,
  parent: { field: 'sample_id', keyField: 'sample_key', resource: 'samples', onDelete: 'cascade', embeddedAs: 'files' },
  searchable: ['name'],
  fieldLabels: { name: 'Nome' },
  upload: { fileField: 'file', downloadPath: (record) => (typeof record.url === 'string' ? record.url : null) },
});

export const SAMPLE_RESOURCES = [samples, sampleFiles] as const;
