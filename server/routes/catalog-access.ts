/**
 * Who may call the catalog (spec section 6 leaves server-side enforcement
 * open; decided here, see docs/decisions/sync-server.md):
 *
 * - each catalog is written by its own module (agents and their types by
 *   `products`, services by `services`, costs by `costs`, equipment and
 *   categories by `equipment`, sampling methods by `products`);
 * - it is read by its module and by the modules whose screens pick from it
 *   (quotation rows pick agents, services, costs and equipment; samples pick
 *   chemical agents and instruments; agent and service equipment lists pick
 *   equipment): the read rules of sync/contract/access.ts, which the device
 *   also follows to pull only what it may read;
 * - customer-type users never see the catalog (it carries the prices),
 *   whatever modules their role has;
 * - administrators pass everything.
 */
import { READ_ACCESS } from '@sync/contract/access';
import { access, type RouteAccess } from '../auth/access';

type CatalogAccess = { read: RouteAccess; write: RouteAccess };

function catalog(read: (typeof READ_ACCESS)[keyof typeof READ_ACCESS], writer: Parameters<typeof access.module>[0]): CatalogAccess {
  return { read: access.readRule(read, 'self'), write: access.module(writer) };
}

export const CATALOG_ACCESS = {
  products: catalog(READ_ACCESS.products, 'products'),
  productTypes: catalog(READ_ACCESS.productTypes, 'products'),
  services: catalog(READ_ACCESS.services, 'services'),
  costs: catalog(READ_ACCESS.costs, 'costs'),
  equipment: catalog(READ_ACCESS.equipment, 'equipment'),
  /** Sampling methods (issue 22): kept by the agents module, read by it and by samples (the chemical field memory). */
  samplingMethods: catalog(READ_ACCESS.samplingMethods, 'products'),
  /** `GET api/product/equipment`: the equipment pickers of agents, services and quotations. */
  equipmentCandidates: { read: access.anyModule(['products', 'services', 'quotations', 'equipment']) },
} as const;
