/**
 * Validação da medição of a chemical sample: exposition, avaliation, sample
 * type, whether the sample is representative, the justification, the pump's
 * flow verified before and after sampling (L/min) with the variation (%)
 * computed as they are typed and flagged at the field beyond the tolerance
 * (±5 %, chemical-figures.ts), and the calibration (Sim/Não).
 */
import { Stack, Title } from '@mantine/core';
import { EXPOSITION_TYPES, YES_NO } from '@sync/contract/samples/block-fields';
import type { ChemicalValidation } from '@sync/contract/samples/chemical';
import { CHEMICAL_FLOW_TOLERANCE_PERCENT, fillValidation, variationBeyondTolerance } from '@sync/contract/samples/chemical-figures';
import { ComputedField, DecimalField, FieldGrid, NoteField, OptionField } from '../type-fields/field-inputs';
import type { TypeTabProps } from '../type-fields/type-tab-props';
import { CHEMICAL_TEXTS } from './chemical-texts';

const T = CHEMICAL_TEXTS.validation;

export function ChemicalValidationTab({ value, onChange }: TypeTabProps<ChemicalValidation>) {
  const filled = fillValidation(value);
  const set =
    <K extends keyof ChemicalValidation>(field: K) =>
    (next: string) =>
      onChange(fillValidation({ ...filled, [field]: next as ChemicalValidation[K] }));
  const beyond = variationBeyondTolerance(filled);
  return (
    <Stack gap="md">
      <FieldGrid>
        <OptionField field="validation.exposition" label={T.exposition} value={filled.exposition} onChange={set('exposition')} options={YES_NO} />
        <OptionField
          field="validation.sample_type"
          label={T.sampleType}
          value={filled.sample_type}
          onChange={set('sample_type')}
          options={EXPOSITION_TYPES}
        />
        <OptionField
          field="validation.representative"
          label={T.representative}
          value={filled.representative}
          onChange={set('representative')}
          options={YES_NO}
        />
      </FieldGrid>
      <NoteField field="validation.avaliation" label={T.avaliation} value={filled.avaliation} onChange={set('avaliation')} />
      <NoteField field="validation.justify" label={T.justify} value={filled.justify} onChange={set('justify')} />
      <Title order={5}>{T.flows}</Title>
      <FieldGrid>
        <DecimalField
          field="validation.varification_initial"
          label={T.initial}
          value={filled.varification_initial}
          onChange={set('varification_initial')}
        />
        <DecimalField field="validation.varification_final" label={T.final} value={filled.varification_final} onChange={set('varification_final')} />
        <ComputedField
          field="validation.variation"
          label={T.variation}
          value={filled.variation}
          criterion={(!beyond && filled.variation_check) || T.variationCriterion(String(CHEMICAL_FLOW_TOLERANCE_PERCENT))}
          error={beyond ? filled.variation_check : undefined}
          testId="chemical-variation"
        />
        <OptionField field="validation.calibration" label={T.calibration} value={filled.calibration} onChange={set('calibration')} options={YES_NO} />
      </FieldGrid>
    </Stack>
  );
}
