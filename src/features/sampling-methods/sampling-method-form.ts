/**
 * The sampling-method form as a schema: the contract's input with the typed
 * fields wrapped (texts trimmed, empty → null; flows and volumes typed with a
 * comma or a dot; the holding time in whole days), the agents chosen by id.
 * The contract's rules and messages apply, the minimum-above-maximum rule
 * included (shown at the maximum). Its output is the fields to save.
 */
import { z } from 'zod';
import { samplingMethodFieldsSchema, withMethodRanges } from '@sync/contract/sampling-methods';
import type { LocalSamplingMethod } from '@sync/react';
import { formatDecimal, parseDecimal } from '@/domain/decimal';
import { optionalText } from '@/ui/forms';
import { SAMPLING_METHOD_TEXTS } from './sampling-method-texts';

const wire = samplingMethodFieldsSchema.shape;

/** A number typed as text ('0,01', '2.000'): empty → null, unreadable → its message; the wire field's range applies. */
function decimalText<W extends z.core.$ZodType>(field: W, message: string = SAMPLING_METHOD_TEXTS.numberInvalid) {
  return z
    .string()
    .transform((text, context) => {
      if (text.trim() === '') return null;
      const value = parseDecimal(text);
      if (value !== null) return value;
      context.addIssue({ code: 'custom', message, input: text });
      return z.NEVER;
    })
    .pipe(field as unknown as z.ZodType<z.output<W>, number | null>);
}

export const samplingMethodFormSchema = withMethodRanges(
  samplingMethodFieldsSchema.extend({
    // The select holds null until one is chosen; the contract says 'Instituição é obrigatória'.
    institution: z
      .string()
      .nullable()
      .pipe(wire.institution as unknown as z.ZodType<z.output<typeof wire.institution>, string | null>),
    description: optionalText(wire.description),
    sampler: optionalText(wire.sampler),
    flow_min: decimalText(wire.flow_min),
    flow_max: decimalText(wire.flow_max),
    volume_min: decimalText(wire.volume_min),
    volume_max: decimalText(wire.volume_max),
    holding_days: decimalText(wire.holding_days, SAMPLING_METHOD_TEXTS.daysInvalid),
    storage_temperature: optionalText(wire.storage_temperature),
    laboratory: optionalText(wire.laboratory),
    /** The multi-select's values are the agents' server ids as text. */
    agent_ids: z.array(z.string()).transform((ids) => ids.map(Number)),
  }),
);

export type SamplingMethodValues = z.input<typeof samplingMethodFormSchema>;

const numberText = (value: number | null | undefined) => (value == null ? '' : formatDecimal(value, 6, { trimZeros: true }));

export function samplingMethodValues(record?: LocalSamplingMethod): SamplingMethodValues {
  return {
    institution: record?.institution ?? null,
    code: record?.code ?? '',
    description: record?.description ?? '',
    sampler: record?.sampler ?? '',
    flow_min: numberText(record?.flow_min),
    flow_max: numberText(record?.flow_max),
    volume_min: numberText(record?.volume_min),
    volume_max: numberText(record?.volume_max),
    holding_days: record?.holding_days == null ? '' : String(record.holding_days),
    storage_temperature: record?.storage_temperature ?? '',
    laboratory: record?.laboratory ?? '',
    agent_ids: (record?.agent_ids ?? []).map(String),
  };
}
