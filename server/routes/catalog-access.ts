/**
 * Who may call the catalog (spec section 6 leaves server-side enforcement
 * open; decided here, see docs/decisions/sync-server.md):
 *
 * - each catalog is written by its own module (agents and their types by
 *   `products`, services by `services`, costs by `costs`, equipment and
 *   categories by `equipment`);
 * - it is read by its module and by the modules whose screens pick from it
 *   (quotation rows pick agents, services, costs and equipment; samples pick
 *   chemical agents and instruments; agent and service equipment lists pick
 *   equipment);
 * - customer-type users never see the catalog (it carries the prices),
 *   whatever modules their role has;
 * - administrators pass everything.
 */
import { READ_ACCESS, type ReadAccess } from '@sync/contract/access';
import type { ModuleSlug } from '@sync/contract/modules';
import { requireAuth } from '../auth/authenticate';
import { hasModule } from '../auth/permissions';
import { forbidden } from '../http/errors';
import type { Guard } from '../sync/crud-routes';

/** Passes signed-in, non-customer users with at least one of the modules. */
export function anyModule(modules: readonly ModuleSlug[]): Guard {
  return async (request) => {
    const auth = requireAuth(request);
    if (auth.user.isCustomer) throw forbidden();
    if (!modules.some((slug) => hasModule(auth, slug))) throw forbidden();
  };
}

/**
 * A read guard from a catalog read rule of sync/contract/access.ts, the
 * rules the device also follows to pull only what it may read.
 */
function catalogRead(access: ReadAccess & { modules: readonly ModuleSlug[] }): Guard {
  return anyModule(access.modules);
}

export const CATALOG_GUARDS = {
  products: { read: catalogRead(READ_ACCESS.products), write: anyModule(['products']) },
  productTypes: { read: catalogRead(READ_ACCESS.productTypes), write: anyModule(['products']) },
  services: { read: catalogRead(READ_ACCESS.services), write: anyModule(['services']) },
  costs: { read: catalogRead(READ_ACCESS.costs), write: anyModule(['costs']) },
  equipment: { read: catalogRead(READ_ACCESS.equipment), write: anyModule(['equipment']) },
  /** `GET api/product/equipment`: the equipment pickers of agents, services and quotations. */
  equipmentCandidates: { read: anyModule(['products', 'services', 'quotations', 'equipment']) },
} as const;
