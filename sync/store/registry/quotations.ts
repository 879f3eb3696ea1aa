/**
 * The quotation, the first document resource (issue 8; wire shapes in
 * sync/contract/quotations.ts): one record whose nested lists (agent rows,
 * services, costs, equipment, deadlines) are plain fields of the record,
 * validated with the contract's schemas on every local save (messages by
 * path, 'rows.0.quantity') and sent whole with it. The totals are computed
 * on the device after each save with the same domain function the server
 * uses (`derive`), so the list shows the right total offline.
 *
 * References: the customer (`restrict`: a customer with quotations cannot be
 * deleted, here or on the server; its name and phone are copied on save,
 * and are what the local search finds besides the number) and the service
 * address (`set-null`, as the server does).
 *
 * Commands: 'status' (`PUT api/quotation/{id}/status`; the new status shows
 * at once; sent with If-Match, so a status changed meanwhile on the server
 * is a conflict the user settles, and a quotation only edited there is
 * settled alone) and 'duplicate' (`POST api/quotation/duplicate/{id}`; the copy
 * arrives with the answer, and the pull after it); 'sendEmail' and
 * 'sendWhatsapp' (`POST api/quotation/{id}/send/email|whatsapp`: queued
 * offline, sent once with their Idempotency-Key; the stamps `sent_mail_at`
 * and `sent_whatsapp_at` arrive with the pull after them).
 */
import {
  QUOTATION_MESSAGES,
  quotationInputSchema,
  quotationSchema,
  quotationStatusInputSchema,
  quotationWireTotals,
  type QuotationBody,
} from '@sync/contract/quotations';
import { quotationEmailInputSchema, quotationWhatsappInputSchema } from '@sync/contract/quotation-send';
import type { RecordFields } from '../types';
import { READ_ACCESS } from '@sync/contract/access';
import { defineResource } from './resource';

/**
 * What follows a save: the money fields from the lines (already validated),
 * and the status a new quotation starts with (Rascunho), which the body
 * never carries.
 */
function quotationDerived(record: RecordFields): RecordFields {
  const document = record as unknown as Pick<QuotationBody, 'rows' | 'services' | 'costs' | 'discount' | 'discount_type' | 'parcel'>;
  return { ...quotationWireTotals(document), status: record.status ?? 'open' };
}

/**
 * The labels of a line's fields in a merge question, as the quotation form
 * names its columns (in full: 'Quantidade' for the column 'Qtd.').
 */
const LINE_FIELD_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  rows: {
    product_id: 'Agente',
    name: 'Agente',
    product_type_id: 'Tipo',
    sector: 'Setor',
    function: 'Função',
    exposition_type_id: 'Tipo de exposição',
    daily_exposition: 'Exposição diária',
    quantity: 'Quantidade',
    value: 'Valor unitário',
    unit_type: 'Unidade',
    total: 'Total',
  },
  services: { product_id: 'ID', name: 'Descrição', quantity: 'Quantidade', value: 'Valor unitário', total: 'Total' },
  costs: { product_id: 'ID', name: 'Descrição', quantity: 'Quantidade', value: 'Valor unitário', total: 'Total' },
  equipments: { equipment_id: 'Equipamento', name: 'Equipamento', quantity: 'Quantidade' },
  deadlines: { activity: 'Atividade', description: 'Descrição' },
};

/** The lists whose lines carry a total computed from their quantity and unit value. */
const PRICED_LISTS = new Set(['rows', 'services', 'costs']);

/** 'Agentes — linha 2 — Quantidade': the list, the line's position on this record, the column. */
function quotationPathLabel(record: RecordFields, path: readonly string[]): string | undefined {
  const [list, step, column, ...rest] = path;
  const fields = list === undefined ? undefined : LINE_FIELD_LABELS[list];
  if (!fields || step === undefined || rest.length > 0) return undefined;
  const lines = Array.isArray(record[list!]) ? (record[list!] as unknown[]) : [];
  const position = /^#\d+$/.test(step) ? Number(step.slice(1)) : lines.findIndex((line) => (line as { row_id?: unknown } | null)?.row_id === step);
  const parts = [quotations.fieldLabels[list!]!, position >= 0 ? `linha ${position + 1}` : 'linha'];
  if (column !== undefined) {
    const label = fields[column];
    if (!label) return undefined;
    parts.push(label);
  }
  return parts.join(' — ');
}

export const quotations = defineResource({
  name: 'quotations',
  label: 'Orçamento',
  paths: {
    list: 'api/quotation/all/{skip}/{take}',
    create: 'api/quotation',
    update: 'api/quotation/{id}',
    delete: 'api/quotation/{id}',
  },
  schema: quotationSchema,
  input: quotationInputSchema,
  references: [
    {
      field: 'customer_id',
      keyField: 'customer_key',
      resource: 'customers',
      onDelete: 'restrict',
      inUseMessage: QUOTATION_MESSAGES.customerHasQuotations,
      copy: { customer_name: 'name', customer_phone: 'phone' },
    },
    { field: 'service_address_id', keyField: 'service_address_key', resource: 'customer_addresses', onDelete: 'set-null' },
  ],
  searchable: ['reference_no', 'customer_name'],
  fieldLabels: {
    customer_id: 'Cliente',
    valid_at: 'Validade',
    service_address_id: 'Endereço de execução',
    rows: 'Agentes',
    services: 'Serviços',
    costs: 'Outros custos',
    equipments: 'Equipamentos',
    deadlines: 'Prazos',
    delivery_date: 'Data de entrega',
    duration_time: 'Duração (dias)',
    discount: 'Desconto',
    discount_type: 'Tipo de desconto',
    total: 'Total',
    payment_id: 'Forma de pagamento',
    parcel: 'Parcelas',
    payment_info: 'Condição de pagamento',
    created_by: 'Vendedor',
    type_id: 'Tipo',
    details: 'Detalhes',
    comment: 'Observações',
    responsible: 'Responsável',
    status: 'Status',
  },
  title: (record) => [record.reference_no ? `Nº ${String(record.reference_no)}` : 'Novo orçamento', record.customer_name].filter(Boolean).join(' — '),
  read: READ_ACCESS.quotations,
  derive: quotationDerived,
  derivedFields: ['subtotal', 'total', 'parcel_value'],
  // A line's total follows its quantity and unit value (computed again on every save, here and on the server).
  isFigurePath: (_record, path) => path.length === 3 && PRICED_LISTS.has(path[0]!) && path[2] === 'total',
  pathLabel: quotationPathLabel,
  // Rich text: taken whole from one side.
  wholeFields: ['details'],
  commands: {
    status: {
      label: 'Alteração de status',
      method: 'PUT',
      path: 'api/quotation/{id}/status',
      input: quotationStatusInputSchema,
      answer: 'record',
      effect: (body) => ({ status: body.status }),
      versioned: true,
    },
    duplicate: {
      label: 'Duplicação',
      method: 'POST',
      path: 'api/quotation/duplicate/{id}',
      answer: 'created',
      pulls: ['quotations'],
    },
    sendEmail: {
      label: 'Envio por e-mail',
      method: 'POST',
      path: 'api/quotation/{id}/send/email',
      input: quotationEmailInputSchema,
      answer: 'none',
      pulls: ['quotations'],
    },
    sendWhatsapp: {
      label: 'Envio por WhatsApp',
      method: 'POST',
      path: 'api/quotation/{id}/send/whatsapp',
      input: quotationWhatsappInputSchema,
      answer: 'none',
      pulls: ['quotations'],
    },
  },
});

export const QUOTATION_RESOURCES = [quotations] as const;
