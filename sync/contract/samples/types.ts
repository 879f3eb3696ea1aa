/**
 * The four sample types (spec samples.md sections 3 and 9), a constant list:
 * their ids are the product types' (an agent of type Ruído gives a noise
 * sample) and the seeded `sample_types` rows (server/db/seed/reference-data.ts).
 */
export const SAMPLE_TYPE_SLUGS = ['vibration', 'chemical', 'noise', 'heat'] as const;
export type SampleTypeSlug = (typeof SAMPLE_TYPE_SLUGS)[number];

export interface SampleType {
  id: number;
  name: string;
  slug: SampleTypeSlug;
}

export const SAMPLE_TYPES: readonly SampleType[] = [
  { id: 1, name: 'Vibração', slug: 'vibration' },
  { id: 2, name: 'Químico', slug: 'chemical' },
  { id: 3, name: 'Ruído', slug: 'noise' },
  { id: 4, name: 'Calor', slug: 'heat' },
];

export function sampleTypeById(id: number | null | undefined): SampleType | undefined {
  return SAMPLE_TYPES.find((type) => type.id === id);
}
