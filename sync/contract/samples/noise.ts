/**
 * Noise sample blocks (samples-types fills these: memory, result,
 * classification, validation; spec samples.md section 3 "Noise"). A block
 * left out here is validated as a loose block (blocks.ts).
 */
import type { SampleBlockSchemas } from './blocks';

export const NOISE_BLOCK_SCHEMAS: Partial<SampleBlockSchemas> = {};
