/**
 * `SAMPLE_BLOCK_SCHEMAS[slug]`: each type's five block schemas. Noise and
 * heat come from their modules; chemical and vibration stay loose until
 * their issue declares them (a new `chemical.ts`, `vibration.ts` added here).
 */
import { blockSchemasOf, type SampleBlockSchemas } from './blocks';
import { HEAT_BLOCK_SCHEMAS } from './heat';
import { NOISE_BLOCK_SCHEMAS } from './noise';
import type { SampleTypeSlug } from './types';

export const SAMPLE_BLOCK_SCHEMAS: Record<SampleTypeSlug, SampleBlockSchemas> = {
  vibration: blockSchemasOf({}),
  chemical: blockSchemasOf({}),
  noise: blockSchemasOf(NOISE_BLOCK_SCHEMAS),
  heat: blockSchemasOf(HEAT_BLOCK_SCHEMAS),
};
