/**
 * The per-type tab registry: slug → the components of the five tabs
 * (props `SampleTabProps`: `{ sample, value, onChange(next), readOnly,
 * beforeCamera }`, value = that tab's block). Every type's tabs come from
 * its folder (noise/, heat/, chemical/, vibration/). A tab a type
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
import { CHEMICAL_TABS } from './chemical';
import { HEAT_TABS } from './heat';
import { NOISE_TABS } from './noise';
import type { SampleTabProps, SampleTypeRules, SampleTypeTabs } from './sample-tab-types';
import { VIBRATION_TABS } from './vibration';

export const SAMPLE_TYPE_TABS: Record<SampleTypeSlug, Partial<SampleTypeTabs>> = {
  vibration: VIBRATION_TABS,
  chemical: CHEMICAL_TABS,
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
