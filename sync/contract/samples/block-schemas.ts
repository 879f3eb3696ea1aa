/**
 * `SAMPLE_BLOCK_SCHEMAS[slug]`: each type's five block schemas, read from its
 * descriptor (descriptors.ts), so the server's checks and the device's saves
 * use the type's one declaration.
 */
import type { SampleBlockSchemas } from './blocks';
import { SAMPLE_TYPE_DESCRIPTORS } from './descriptors';
import type { SampleTypeSlug } from './types';

export const SAMPLE_BLOCK_SCHEMAS = Object.fromEntries(
  Object.entries(SAMPLE_TYPE_DESCRIPTORS).map(([slug, descriptor]) => [slug, descriptor.schemas]),
) as Record<SampleTypeSlug, SampleBlockSchemas>;
