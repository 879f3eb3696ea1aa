/**
 * Who may call the quotation calls (spec section 6 leaves server-side
 * enforcement open; docs/decisions/quotations-documents-commands.md): every call needs the
 * `quotations` module (administrators always pass); customer-type users
 * never write. Only an administrator chooses the seller (values.ts).
 */
import { requireAuth } from '@server/auth/authenticate';
import { assertModule, refuseCustomerWrites } from '@server/auth/permissions';
import type { Guard } from '@server/sync/crud-routes';

const needsModule: Guard = async (request) => assertModule(requireAuth(request), 'quotations');

export const QUOTATION_GUARDS: { read: Guard; write: Guard } = {
  read: needsModule,
  write: async (request) => {
    await needsModule(request);
    await refuseCustomerWrites(request);
  },
};
