/**
 * The resources this product syncs. Issue 4 covers the catalog; customers,
 * quotations and samples join this list when their issues declare them.
 */
import { CATALOG_RESOURCES } from './catalog';
import { ResourceRegistry } from './registry';

export * from './resource';
export * from './registry';
export * from './catalog';

export const SYNCED_RESOURCES = [...CATALOG_RESOURCES];

export function createDefaultRegistry(): ResourceRegistry {
  return new ResourceRegistry(SYNCED_RESOURCES);
}
export * from './catalog-records';
