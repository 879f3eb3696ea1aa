/**
 * The noise type's tab contents (samples-types): the blocks it fills, by
 * name (`memory_field: NoiseMemoryTab`, …). Tabs left out show 'Em breve';
 * the Caracterização tab's common fields come from ../common.
 */
import type { SampleTypeTabs } from '../sample-tab-types';

export const NOISE_TABS: Partial<SampleTypeTabs> = {};
