/**
 * The per-type tab registry: slug → the components of the five tabs
 * (props `SampleTabProps`: `{ sample, value, onChange(next), readOnly,
 * beforeCamera }`, value = that tab's block). Noise and heat come from their
 * folders; chemical and vibration fill theirs in their issues. A tab a type
 * does not fill shows 'Em breve'. The Caracterização tab always shows the
 * common fields (./common) above the type's own content.
 *
 * Beside the tabs, each type's rules (SampleTypeRules): its required fields
 * and what a duplicate clears, read from the type's descriptor
 * (sync/contract/samples/*-descriptor.ts), the one declaration the server
 * and the report read too.
 */
import type { ComponentType } from 'react';
import { requiredFieldsOf, SAMPLE_TYPE_DESCRIPTORS, type SampleBlockName, type SampleTypeSlug } from '@sync/contract/samples';
import { HEAT_TABS } from './heat';
import { NOISE_TABS } from './noise';
import type { SampleTabProps, SampleTypeRules, SampleTypeTabs } from './sample-tab-types';

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

function rulesOf(slug: SampleTypeSlug): SampleTypeRules {
  const descriptor = SAMPLE_TYPE_DESCRIPTORS[slug];
  return { required: requiredFieldsOf(descriptor), cleared: descriptor.cleared, emptyBlock: descriptor.emptyBlock };
}

export const SAMPLE_TYPE_RULES: Record<SampleTypeSlug, SampleTypeRules> = {
  vibration: rulesOf('vibration'),
  chemical: rulesOf('chemical'),
  noise: rulesOf('noise'),
  heat: rulesOf('heat'),
};
