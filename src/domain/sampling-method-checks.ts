/**
 * A chemical agent row checked against its sampling method (issue 22,
 * beyond the spec; docs/decisions/sampling-methods.md): the pump flow and the
 * sampled volume inside the method's ranges, and the time from the sampling
 * date to the day the sample goes to the laboratory within the method's
 * holding time. Each finding is a warning at its field, in Portuguese, with
 * the method's own numbers ('Vazão fora da faixa do método NIOSH 1501
 * (0,01–0,2 L/min).'); nothing is refused: the technician decides.
 *
 * Owns: those three checks and the flow a method proposes (the middle of its
 * range). The values are read as the row holds them (text typed with a
 * comma or a dot, 'DD/MM/YYYY'); what cannot be read gives no warning, the
 * field's own validation speaks for it. A value on a boundary is inside
 * (0,2 L/min for 0,01–0,2), and so is a sample sent on its last day.
 */
import { parseDateBR, parseIsoDate, type IsoDate } from './dates';
import { formatDecimal, parseDecimal, roundTo, stable } from './decimal';

/** What the checks need of a method; `label` names it in the messages ('NIOSH 1501'). */
export interface MethodLimits {
  label: string;
  flow_min: number | null;
  flow_max: number | null;
  volume_min: number | null;
  volume_max: number | null;
  holding_days: number | null;
}

/** The row's values as typed: pump flow (L/min) and volume (L) as text or numbers, the sampling date as 'DD/MM/YYYY'. */
export interface SampledValues {
  pump_flow?: string | number | null;
  volume?: string | number | null;
  date?: string | null;
}

export type MethodWarningField = 'pump_flow' | 'volume' | 'date';

export interface MethodWarning {
  field: MethodWarningField;
  message: string;
}

/** Shown with up to 4 decimals, no trailing zeros, thousands grouped: 0,01; 0,2; 1.000. */
function figure(value: number): string {
  return formatDecimal(value, 4, { trimZeros: true, grouping: true });
}

function rangeWarning(
  field: 'pump_flow' | 'volume',
  value: number | null,
  min: number | null,
  max: number | null,
  label: string,
): MethodWarning | null {
  if (value === null) return null;
  const v = stable(value);
  const below = min !== null && v < stable(min);
  const above = max !== null && v > stable(max);
  if (!below && !above) return null;
  const [noun, unit] = field === 'pump_flow' ? ['Vazão', 'L/min'] : ['Volume', 'L'];
  if (min !== null && max !== null) return { field, message: `${noun} fora da faixa do método ${label} (${figure(min)}–${figure(max)} ${unit}).` };
  if (below) {
    const least = field === 'pump_flow' ? 'abaixo da mínima' : 'abaixo do mínimo';
    return { field, message: `${noun} ${least} do método ${label} (${figure(min!)} ${unit}).` };
  }
  const most = field === 'pump_flow' ? 'acima da máxima' : 'acima do máximo';
  return { field, message: `${noun} ${most} do método ${label} (${figure(max!)} ${unit}).` };
}

/** A calendar day given as 'YYYY-MM-DD' or 'DD/MM/YYYY'; null when it is neither. */
function dayOf(text: string | null | undefined): IsoDate | null {
  return parseIsoDate(text) ?? parseDateBR(text);
}

/** Whole days from `from` to `to` (calendar days, no clock, no time zone). */
function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const days = (count: number) => (count === 1 ? '1 dia' : `${count} dias`);

function holdingWarning(date: string | null | undefined, sentOn: string, holdingDays: number | null, label: string): MethodWarning | null {
  if (holdingDays === null) return null;
  const sampled = dayOf(date);
  const sent = dayOf(sentOn);
  if (sampled === null || sent === null) return null;
  const waited = daysBetween(sampled, sent);
  if (waited <= holdingDays) return null;
  return {
    field: 'date',
    message: `Prazo do método ${label} excedido: ${days(waited)} entre a coleta e o envio ao laboratório (máximo ${days(holdingDays)}).`,
  };
}

/**
 * The warnings of a row against its method, in field order (flow, volume,
 * date). `sentOn`: the day the sample goes to the laboratory, or today
 * while it has not gone ('YYYY-MM-DD' or 'DD/MM/YYYY'; the caller reads the clock).
 */
export function samplingMethodWarnings(method: MethodLimits, row: SampledValues, sentOn: string): MethodWarning[] {
  return [
    rangeWarning('pump_flow', parseDecimal(row.pump_flow), method.flow_min, method.flow_max, method.label),
    rangeWarning('volume', parseDecimal(row.volume), method.volume_min, method.volume_max, method.label),
    holdingWarning(row.date, sentOn, method.holding_days, method.label),
  ].filter((warning): warning is MethodWarning => warning !== null);
}

/**
 * The flow a method proposes for a new row (L/min): the middle of its range
 * at the pump's 0.01 step (0,01–0,2 → 0,11), the one bound it gives
 * otherwise, null when it gives none.
 */
export function proposedFlow(method: Pick<MethodLimits, 'flow_min' | 'flow_max'>): number | null {
  const { flow_min: min, flow_max: max } = method;
  if (min !== null && max !== null) return roundTo((min + max) / 2, 2);
  const bound = min ?? max;
  return bound === null ? null : roundTo(bound, 2);
}
