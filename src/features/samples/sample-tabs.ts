/**
 * The per-type tab registry: slug → the components of the five tabs
 * (props `SampleTabProps`: `{ sample, value, onChange(next), readOnly,
 * beforeCamera }`, value = that tab's block). Noise and heat come from their
 * folders; chemical and vibration fill theirs in the next issue. A tab a
 * type does not fill shows 'Em breve'. The Caracterização tab always shows
 * the common fields (./common) above the type's own content.
 *
 * Beside the tabs, each type's rules (SampleTypeRules): its required fields
 * and what a duplicate clears, declared once per type (noise/noise-rules.ts,
 * heat/heat-rules.ts).
 */
import type { ComponentType } from 'react';
import type { SampleBlockName, SampleTypeSlug } from '@sync/contract/samples';
import { CARACTERIZATION_CLEARED, CARACTERIZATION_REQUIRED } from './common/caracterization-rules';
import { HEAT_RULES, HEAT_TABS } from './heat';
import { NOISE_RULES, NOISE_TABS } from './noise';
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

/**
 * Chemical and vibration until their issue: only the caracterization is
 * required (their tabs say 'Em breve'); a duplicate clears the worker, the
 * measured values the spec names for their field memory (dates, times,
 * readings), and the result, classification and validation.
 */
const CHEMICAL_RULES: SampleTypeRules = {
  required: CARACTERIZATION_REQUIRED,
  cleared: {
    caracterization: CARACTERIZATION_CLEARED,
    memory_field: [
      'date',
      ...['date', 'initial', 'final', 'interval_initial', 'interval_final', 'total_time', 'volume', 'white_field_no'].map(
        (field) => `agents.*.${field}`,
      ),
      ...['pump_flow', 'temperature', 'initial_ura', 'atmospheric_pressure'].map((field) => `agents.*.${field}`),
      'observation',
    ],
    result: 'all',
    risk_classification: 'all',
    validation: 'all',
  },
  emptyBlock: () => ({}),
};

const VIBRATION_RULES: SampleTypeRules = {
  required: CARACTERIZATION_REQUIRED,
  cleared: {
    caracterization: CARACTERIZATION_CLEARED,
    memory_field: ['data', 'times', 'exposition_time', 'sample_time', 'observation'],
    result: 'all',
    risk_classification: 'all',
    validation: 'all',
  },
  emptyBlock: () => ({}),
};

export const SAMPLE_TYPE_RULES: Record<SampleTypeSlug, SampleTypeRules> = {
  vibration: VIBRATION_RULES,
  chemical: CHEMICAL_RULES,
  noise: NOISE_RULES,
  heat: HEAT_RULES,
};
