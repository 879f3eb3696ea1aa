/**
 * The resources this product syncs. Issue 4 covers the catalog, issue 5 the
 * customers, issue 8 the quotations and the read-only lists (settings,
 * modules, types, roles), issue 13 the samples and their files.
 */
import { ALERT_RESOURCES } from './alerts';
import { CATALOG_RESOURCES, SAMPLING_METHOD_RESOURCES } from './catalog';
import { CUSTOMER_RESOURCES } from './customers';
import { QUOTATION_RESOURCES } from './quotations';
import { READ_ONLY_RESOURCES } from './read-only';
import { SAMPLE_RESOURCES } from './samples';
import { ResourceRegistry } from './registry';

export * from './resource';
export * from './registry';
export * from './catalog';
export * from './customers';
export * from './quotations';
export * from './read-only';
export * from './samples';
export * from './alerts';

export const SYNCED_RESOURCES = [
  ...CATALOG_RESOURCES,
  ...SAMPLING_METHOD_RESOURCES,
  ...CUSTOMER_RESOURCES,
  ...QUOTATION_RESOURCES,
  ...READ_ONLY_RESOURCES,
  ...SAMPLE_RESOURCES,
  ...ALERT_RESOURCES,
];

export function createDefaultRegistry(): ResourceRegistry {
  return new ResourceRegistry(SYNCED_RESOURCES);
}
export * from './catalog-records';
export * from './customer-records';
export * from './quotation-records';
export * from './read-only-records';
export * from './sample-records';
