/**
 * The Caracterização tab's fields common to every sample type (spec
 * samples.md section 3: sample_no, ghe, supervisor, employee, register,
 * function, sector, equipment). They edit the caracterization block as a
 * whole (`onChange(next)` with every other field kept), so a type's own
 * caracterization fields live in the same block beside them.
 */
import { memo } from 'react';
import { Grid, TextInput } from '@mantine/core';
import { TEXT_LIMITS } from '@sync/contract/fields';
import type { SampleBlock } from '@sync/contract/samples';
import { CARACTERIZATION_NODES } from '@sync/contract/samples/common-nodes';
import { useFieldMark } from '../type-fields/required-mark';

/** The common fields' labels, from the descriptors' shared nodes (sync/contract/samples/common-nodes.ts). */
export const CARACTERIZATION_LABELS = Object.fromEntries(CARACTERIZATION_NODES.map((node) => [node.key, node.label])) as Record<
  'sample_no' | 'ghe' | 'supervisor' | 'employee' | 'register' | 'function' | 'sector' | 'equipment',
  string
>;

type CommonField = keyof typeof CARACTERIZATION_LABELS;
const FIELDS = Object.keys(CARACTERIZATION_LABELS) as CommonField[];

export interface CaracterizationFieldsProps {
  value: SampleBlock;
  onChange(next: SampleBlock): void;
  readOnly: boolean;
}

/** Memoised: renders again when its block changes, not when another block does. */
export const CaracterizationFields = memo(function CaracterizationFields({ value, onChange, readOnly }: CaracterizationFieldsProps) {
  return (
    <Grid gap="sm">
      {FIELDS.map((field) => (
        <Grid.Col key={field} span={{ base: 12, sm: 6, lg: 3 }}>
          <CommonField field={field} value={value} onChange={onChange} readOnly={readOnly} />
        </Grid.Col>
      ))}
    </Grid>
  );
});

function CommonField({ field, value, onChange, readOnly }: CaracterizationFieldsProps & { field: CommonField }) {
  const mark = useFieldMark(`caracterization.${field}`);
  return (
    <TextInput
      {...mark}
      label={CARACTERIZATION_LABELS[field]}
      name={`caracterization.${field}`}
      value={typeof value[field] === 'string' ? (value[field] as string) : ''}
      maxLength={TEXT_LIMITS.line}
      readOnly={readOnly}
      onChange={(event) => onChange({ ...value, [field]: event.currentTarget.value })}
      styles={{ input: { minHeight: 44 } }}
    />
  );
}
