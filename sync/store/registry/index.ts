/**
 * The registry of the resources this product syncs: the definitions, the
 * list of them (synced-resources.ts) and the record types the screens read.
 */
import { SYNCED_RESOURCES } from './synced-resources';
import { ResourceRegistry } from './registry';

export * from './resource';
export * from './registry';
export * from './catalog';
export * from './customers';
export * from './quotations';
export * from './read-only';
export * from './samples';
export * from './alerts';
export * from './synced-resources';

export function createDefaultRegistry(): ResourceRegistry {
  return new ResourceRegistry(SYNCED_RESOURCES);
}
export * from './catalog-records';
export * from './customer-records';
export * from './quotation-records';
export * from './read-only-records';
export * from './sample-records';
