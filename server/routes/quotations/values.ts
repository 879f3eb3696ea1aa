/**
 * A quotation body becomes column values: references checked (customer,
 * service address of that customer, payment type), the customer's name and
 * phone copied when the customer is set, the seller decided by who calls
 * (a staff member: never a customer-type user),
 * every money field computed from the lines (quotationWireTotals), so
 * a client cannot store a total that does not match its lines, and every
 * line with its stable id (row-ids.ts: kept as sent, given when missing).
 */
import { and, eq } from 'drizzle-orm';
import { CUSTOMER_ROLE_SLUG } from '@sync/contract/modules';
import { QUOTATION_MESSAGES, quotationWireTotals, type QuotationBody } from '@sync/contract/quotations';
import type { AuthContext } from '@server/auth/current-user';
import type { Tx } from '@server/db/client';
import { customerAddresses, customers, quotationPaymentTypes, roles, users } from '@server/db/schema';
import { badRequest } from '@server/http/errors';
import type { RowOf } from '@server/sync/crud-routes';
import { richTextColumn } from './load';
import { settleQuotationLineIds } from './row-ids';

function fieldError(field: string, message: string) {
  return badRequest(message, { [field]: [message] });
}

/** The customer's name and phone, or 400 when the customer does not exist. */
export async function customerSnapshot(tx: Tx, customerId: number): Promise<{ customer_name: string; customer_phone: string | null }> {
  const [customer] = await tx.select({ name: customers.name, phone: customers.phone }).from(customers).where(eq(customers.id, customerId));
  if (!customer) throw fieldError('customer_id', QUOTATION_MESSAGES.customerNotFound);
  return { customer_name: customer.name, customer_phone: customer.phone };
}

export async function quotationValues(tx: Tx, input: QuotationBody, current: RowOf | null, auth: AuthContext): Promise<Record<string, unknown>> {
  const customerChanged = current === null || current.customer_id !== input.customer_id;
  const snapshot = customerChanged ? await customerSnapshot(tx, input.customer_id) : {};
  if (input.service_address_id !== null) {
    const [address] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(and(eq(customerAddresses.id, input.service_address_id), eq(customerAddresses.customer_id, input.customer_id)));
    if (!address) throw fieldError('service_address_id', QUOTATION_MESSAGES.addressNotOfCustomer);
  }
  if (input.payment_id !== null) {
    const [payment] = await tx
      .select({ id: quotationPaymentTypes.id })
      .from(quotationPaymentTypes)
      .where(eq(quotationPaymentTypes.id, input.payment_id));
    if (!payment) throw fieldError('payment_id', QUOTATION_MESSAGES.paymentNotFound);
  }
  // Administrators choose the seller (spec section 6); anyone else is the seller of what they create.
  const seller = auth.user.isAdmin && input.created_by !== null ? input.created_by : current ? current.created_by : auth.user.id;
  if (seller !== null && seller !== auth.user.id && seller !== current?.created_by) {
    const [user] = await tx
      .select({ id: users.id, role: roles.slug })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.role_id))
      .where(eq(users.id, seller as number));
    if (!user) throw fieldError('created_by', QUOTATION_MESSAGES.sellerNotFound);
    // Customer-type users are the customers' people, never the consultancy's sellers.
    if (user.role === CUSTOMER_ROLE_SLUG) throw fieldError('created_by', QUOTATION_MESSAGES.sellerNotStaff);
  }
  const lines = settleQuotationLineIds(input, current);
  const totals = quotationWireTotals(lines);
  return {
    customer_id: input.customer_id,
    ...snapshot,
    valid_at: input.valid_at,
    service_address_id: input.service_address_id,
    rows: totals.rows,
    services: totals.services,
    costs: totals.costs,
    equipments: lines.equipments,
    deadlines: lines.deadlines,
    delivery_date: input.delivery_date,
    duration_time: input.duration_time,
    subtotal: totals.subtotal,
    discount: input.discount,
    discount_type: input.discount_type,
    total: totals.total,
    payment_id: input.payment_id,
    parcel: input.parcel,
    parcel_value: totals.parcel_value,
    payment_info: input.payment_info,
    created_by: seller,
    type_id: input.type_id,
    details: richTextColumn(input.details),
    comment: input.comment,
    responsible: input.responsible,
  };
}
