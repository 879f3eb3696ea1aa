/**
 * A method's warning under the field it concerns (pump flow, volume, date):
 * orange text, announced politely, never blocking a save. Renders nothing
 * when the field has no warning, so a row can place one under each field.
 */
import { Text } from '@mantine/core';
import type { MethodWarning, MethodWarningField } from '@/domain/sampling-method-checks';

export interface MethodFieldWarningProps {
  warnings: readonly MethodWarning[];
  field: MethodWarningField;
}

export function MethodFieldWarning({ warnings, field }: MethodFieldWarningProps) {
  const warning = warnings.find((item) => item.field === field);
  if (!warning) return null;
  return (
    <Text size="xs" c="orange.8" role="status" data-method-warning={field}>
      {warning.message}
    </Text>
  );
}
