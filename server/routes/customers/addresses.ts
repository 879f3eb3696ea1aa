/**
 * A customer's addresses (spec section 7): `POST api/customer/{id}/address`,
 * `PUT` and `DELETE api/customer/{id}/address/{addressId}`, through the
 * child calls of children.ts. Without a label the first address is
 * 'Endereço Principal' and the next ones 'Novo Endereço'; without a
 * country, 'BR'. CEP and state are checked by the contract (8 digits, one
 * of the 27 states) and stored as digits and uppercase code.
 */
import { count, eq } from 'drizzle-orm';
import {
  addressInputSchema,
  addressSchema,
  addressUpdateInputSchema,
  CUSTOMER_MESSAGES,
  DEFAULT_ADDRESS_LABELS,
  DEFAULT_COUNTRY,
} from '@sync/contract/customers';
import type { AppContext, ZodApp } from '@server/app-context';
import type { Tx } from '@server/db/client';
import { customerAddresses } from '@server/db/schema';
import { optionalValues } from '@server/sync/input';
import { registerChildRoutes } from './children';
import { toAddress } from './load';

type ParsedAddress = ReturnType<typeof addressInputSchema.parse>;

const OPTIONAL_FIELDS = ['zipcode', 'street', 'number', 'address2', 'district', 'city', 'state'] as const;

function present(text: string | null | undefined): text is string {
  return typeof text === 'string' && text.trim() !== '';
}

async function addressCount(tx: Tx, customerId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(customerAddresses).where(eq(customerAddresses.customer_id, customerId));
  return row?.n ?? 0;
}

/**
 * Column values of an address. A new one gets the default label and
 * country when they are missing; an update keeps its label when none is
 * sent, and a blank country goes back to 'BR'.
 */
export async function addressValues(tx: Tx, customerId: number, input: ParsedAddress, current: object | null): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = { ...optionalValues(input, OPTIONAL_FIELDS) };
  if (present(input.label)) values.label = input.label;
  else if (current === null) {
    values.label = (await addressCount(tx, customerId)) === 0 ? DEFAULT_ADDRESS_LABELS.first : DEFAULT_ADDRESS_LABELS.other;
  }
  if (present(input.country)) values.country = input.country.toUpperCase();
  else if (current === null || input.country !== undefined) values.country = DEFAULT_COUNTRY;
  return values;
}

export function registerAddressRoutes(app: ZodApp, ctx: AppContext) {
  registerChildRoutes<ReturnType<typeof toAddress>, ParsedAddress>(app, ctx, {
    table: customerAddresses,
    basePath: '/api/customer/:id/address',
    notFoundMessage: CUSTOMER_MESSAGES.addressNotFound,
    schemas: { item: addressSchema, input: addressInputSchema as never, update: addressUpdateInputSchema as never },
    toWire: toAddress as never,
    values: (tx, customerId, input, current) => addressValues(tx, customerId, input, current),
  });
}
