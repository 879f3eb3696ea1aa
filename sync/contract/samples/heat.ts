/**
 * Heat (IBUTG) sample blocks (samples-types fills these; spec samples.md
 * section 3 "Heat"). A block left out here is validated as a loose block
 * (blocks.ts).
 */
import type { SampleBlockSchemas } from './blocks';

export const HEAT_BLOCK_SCHEMAS: Partial<SampleBlockSchemas> = {};
