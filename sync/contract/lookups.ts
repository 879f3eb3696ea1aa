/**
 * The small reference lists every screen may need, written only online (by
 * administration screens or the seed) and kept read-only on the device:
 * permission modules, user types, roles, quotation payment types,
 * exposition types and sample types. Each list call answers an array of
 * records with their sync timestamps, or the pull shape with
 * `updated_since` (docs/sync-protocol.md). Paths:
 *
 * - `GET api/user/type/all`, `GET api/user/role/all` (spec section 7);
 * - `GET api/quotation/payment-type`, `GET api/quotation/exposition` (spec section 7);
 * - `GET api/access-control/modules`, `GET api/sample/type`: extensions (the
 *   spec lists modules only inside a role's permissions and names no sample
 *   type call).
 */
import { z } from 'zod';
import { syncFieldsSchema } from './sync';

export const LOOKUP_PATHS = {
  userTypes: 'api/user/type/all',
  roles: 'api/user/role/all',
  modules: 'api/access-control/modules',
  paymentTypes: 'api/quotation/payment-type',
  expositionTypes: 'api/quotation/exposition',
  sampleTypes: 'api/sample/type',
} as const;

/** id, name, slug: user types, roles, payment, exposition and sample types. */
export const namedRecordSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).extend(syncFieldsSchema.shape);
export type NamedRecord = z.infer<typeof namedRecordSchema>;

export const moduleRecordSchema = namedRecordSchema.extend({ description: z.string() });
export type ModuleRecord = z.infer<typeof moduleRecordSchema>;

export const namedRecordsResponseSchema = z.array(namedRecordSchema);
export const moduleRecordsResponseSchema = z.array(moduleRecordSchema);
