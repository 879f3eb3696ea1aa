/**
 * The resources this product syncs. Issue 4 covers the catalog, issue 5 the
 * customers, issue 8 the quotations and the read-only lists (settings,
 * modules, types, roles), issue 13 the samples and their files. The
 * resource names and record types (record-map.ts) are derived from this list.
 */
import { ALERT_RESOURCES } from './alerts';
import { CATALOG_RESOURCES, SAMPLING_METHOD_RESOURCES } from './catalog';
import { CUSTOMER_RESOURCES } from './customers';
import { QUOTATION_RESOURCES } from './quotations';
import { READ_ONLY_RESOURCES } from './read-only';
import { SAMPLE_RESOURCES } from './samples';

export const SYNCED_RESOURCES = [
  ...CATALOG_RESOURCES,
  ...SAMPLING_METHOD_RESOURCES,
  ...CUSTOMER_RESOURCES,
  ...QUOTATION_RESOURCES,
  ...READ_ONLY_RESOURCES,
  ...SAMPLE_RESOURCES,
  ...ALERT_RESOURCES,
];
