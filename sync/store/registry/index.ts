/**
 * The resources this product syncs. Issue 4 covers the catalog, issue 5 the
 * customers; quotations and samples join this list when their issues
 * declare them.
 */
import { CATALOG_RESOURCES } from './catalog';
import { CUSTOMER_RESOURCES } from './customers';
import { ResourceRegistry } from './registry';

export * from './resource';
export * from './registry';
export * from './catalog';
export * from './customers';

export const SYNCED_RESOURCES = [...CATALOG_RESOURCES, ...CUSTOMER_RESOURCES];

export function createDefaultRegistry(): ResourceRegistry {
  return new ResourceRegistry(SYNCED_RESOURCES);
}
export * from './catalog-records';
export * from './customer-records';
