/**
 * A sample body becomes column values: the quotation must exist (400 with
 * a Portuguese message), the customer, company name and city are the
 * quotation's customer's, the agent's name defaults to the quotation row's,
 * the employee is the caracterization's, and a sample without a number
 * gets the next one of its quotation. A sample never moves to another
 * quotation or slot: an update keeps them. The blocks are stored with the
 * server's own figures (figures.ts).
 *
 * The quotation row is named by its `row_id` (docs/decisions/samples-plan-and-page.md).
 * A number is a legacy position (an outbox entry of an app older than row
 * ids): it is read as that row and the row's `row_id` is stored; a position
 * the quotation has no row for is refused (400 'Agente do orçamento não
 * encontrado.'). A row id the quotation does not hold (any more) is kept as
 * sent: the sample was made for a row removed since, and field work is
 * never refused for that; it keeps its agent's name.
 */
import { and, asc, eq, isNotNull, max, ne } from 'drizzle-orm';
import {
  isPrefillOnly,
  quotationRowOf,
  rowPrefill,
  SAMPLE_MESSAGES,
  sampleEmployee,
  type SampleBlock,
  type SampleBody,
  type SampleRowRef,
} from '@sync/contract/samples';
import type { Tx } from '@server/db/client';
import { customerAddresses, customers, quotations, samples } from '@server/db/schema';
import { badRequest } from '@server/http/errors';
import { blocksWithFigures, readResultThresholds } from './figures';
import type { RowOf } from '@server/sync/crud-routes';

function fieldError(field: string, message: string) {
  return badRequest(message, { [field]: [message] });
}

/** The quotation row, locked: samples of one quotation are written one at a time (numbers, slots). */
export async function lockQuotation(tx: Tx, quotationId: number) {
  const [quotation] = await tx.select().from(quotations).where(eq(quotations.id, quotationId)).for('update');
  return quotation;
}

/** The customer's name and the city of its first address. */
export async function companyOf(tx: Tx, customerId: number): Promise<{ company_name: string | null; company_city: string | null }> {
  const [customer] = await tx.select({ name: customers.name }).from(customers).where(eq(customers.id, customerId));
  const [address] = await tx
    .select({ city: customerAddresses.city })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.customer_id, customerId), isNotNull(customerAddresses.city)))
    .orderBy(asc(customerAddresses.id))
    .limit(1);
  return { company_name: customer?.name ?? null, company_city: address?.city ?? null };
}

export async function nextSampleNo(tx: Tx, quotationId: number): Promise<number> {
  const [row] = await tx
    .select({ last: max(samples.sample_no) })
    .from(samples)
    .where(eq(samples.quotation_id, quotationId));
  return (row?.last ?? 0) + 1;
}

type QuotationRecord = NonNullable<Awaited<ReturnType<typeof lockQuotation>>>;

/**
 * The row a sample's `quotation_row_id` names and the id to store: a row id
 * as sent; a legacy position as the `row_id` of the row there (undefined
 * when there is none, or it has no id).
 */
function resolveRow(quotation: QuotationRecord, ref: SampleRowRef | null) {
  const row = quotationRowOf(quotation.rows, ref);
  const rowId = typeof ref === 'number' ? row?.row_id || undefined : (ref ?? null);
  return { row, rowId };
}

/** Creates that landed on an existing plan slot (sampleInSlot), with what their row prefills. */
const slotCreates = new WeakMap<SampleBody, { caracterization: SampleBlock; memory_field: SampleBlock }>();

/**
 * A block the body leaves empty keeps what the sample has (a plan slot made
 * on two devices, one of them edited); so does, for a create that landed on
 * a slot, a block holding only what the row prefills (the other device's
 * plan typed nothing).
 */
function mergedBlock(sent: Record<string, unknown>, stored: unknown, prefill?: SampleBlock): Record<string, unknown> {
  const untouched = Object.keys(sent).length === 0 || (prefill !== undefined && isPrefillOnly(sent, prefill));
  return untouched && stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : sent;
}

export async function sampleValues(tx: Tx, input: SampleBody, current: RowOf | null): Promise<Record<string, unknown>> {
  const prefill = slotCreates.get(input);
  const sent = {
    caracterization: current ? mergedBlock(input.caracterization, current.caracterization, prefill?.caracterization) : input.caracterization,
    memory_field: current ? mergedBlock(input.memory_field, current.memory_field, prefill?.memory_field) : input.memory_field,
    result: current ? mergedBlock(input.result, current.result) : input.result,
    risk_classification: current ? mergedBlock(input.risk_classification, current.risk_classification) : input.risk_classification,
    validation: current ? mergedBlock(input.validation, current.validation) : input.validation,
  };
  // The server's own figures from the inputs, and an id on every row (figures.ts).
  const blocks = blocksWithFigures(input.type_id, sent, await readResultThresholds(tx));
  const common = {
    type_id: input.type_id,
    chemical_agent: input.chemical_agent,
    employee: sampleEmployee(blocks.caracterization),
    ...blocks,
  };
  if (current) {
    return { ...common, agent_name: input.agent_name ?? current.agent_name, sample_no: input.sample_no ?? current.sample_no };
  }
  const quotation = await lockQuotation(tx, input.quotation_id);
  if (!quotation) throw fieldError('quotation_id', SAMPLE_MESSAGES.quotationNotFound);
  const { row, rowId } = resolveRow(quotation, input.quotation_row_id);
  if (rowId === undefined) throw fieldError('quotation_row_id', SAMPLE_MESSAGES.rowNotFound);
  return {
    ...common,
    quotation_id: quotation.id,
    quotation_row_id: rowId,
    plan_unit: rowId === null ? null : input.plan_unit,
    customer_id: quotation.customer_id,
    ...(await companyOf(tx, quotation.customer_id)),
    agent_name: input.agent_name ?? row?.name ?? null,
    sample_no: input.sample_no ?? (await nextSampleNo(tx, quotation.id)),
  };
}

/** The sample already in a plan slot, locked (after its quotation, so concurrent creates of one plan queue). */
export async function sampleInSlot(tx: Tx, input: SampleBody): Promise<RowOf | undefined> {
  if (input.quotation_row_id === null || input.plan_unit === null) return undefined;
  const quotation = await lockQuotation(tx, input.quotation_id);
  if (!quotation) return undefined;
  const { row, rowId } = resolveRow(quotation, input.quotation_row_id);
  if (!rowId) return undefined;
  const [sample] = await tx
    .select()
    .from(samples)
    // The slot's live sample: a revision replaced by an invalidation shares the slot with the next one.
    .where(
      and(
        eq(samples.quotation_id, input.quotation_id),
        eq(samples.quotation_row_id, rowId),
        eq(samples.plan_unit, input.plan_unit),
        ne(samples.status, 'substituida'),
      ),
    )
    .for('update');
  if (sample) slotCreates.set(input, row ? rowPrefill(row) : { caracterization: {}, memory_field: {} });
  return sample as RowOf | undefined;
}
