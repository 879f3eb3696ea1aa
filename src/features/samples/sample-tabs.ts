/**
 * The per-type tab registry: slug → the components of the five tabs
 * (props `SampleTabProps`: `{ sample, value, onChange(next), readOnly,
 * beforeCamera }`, value = that tab's block). Noise and heat come from their
 * folders; chemical and vibration fill theirs in the next issue. A tab a
 * type does not fill shows 'Em breve'. The Caracterização tab always shows
 * the common fields (./common) above the type's own content.
 */
import type { ComponentType } from 'react';
import type { SampleBlockName, SampleTypeSlug } from '@sync/contract/samples';
import { HEAT_TABS } from './heat';
import { NOISE_TABS } from './noise';
import type { SampleTabProps, SampleTypeTabs } from './sample-tab-types';

export const SAMPLE_TYPE_TABS: Record<SampleTypeSlug, Partial<SampleTypeTabs>> = {
  vibration: {},
  chemical: {},
  noise: NOISE_TABS,
  heat: HEAT_TABS,
};

/** The component of one tab of one type, or undefined ('Em breve'). */
export function sampleTabOf(slug: SampleTypeSlug | undefined, block: SampleBlockName): ComponentType<SampleTabProps> | undefined {
  return slug ? SAMPLE_TYPE_TABS[slug][block] : undefined;
}
