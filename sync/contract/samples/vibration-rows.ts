/**
 * The vibration field memory's own figures (calculations.md section 3), for
 * the derivation (vibration-derive.ts) that the server runs on every save
 * and the Memória de campo tab runs as it is typed:
 *
 * - the vibration type proposed from the agent while none is chosen (the
 *   catalog's 'Vibração de corpo inteiro (VCI)' → whole body, 'Vibração de
 *   mãos e braços (VMB)' → hands and arms), with the memory rule applied
 *   (chooseVibrationType);
 * - each measurement row's `arep` from its three axes (whole body weights x
 *   and y by 1,4); with no axis typed, the arep typed is the technician's
 *   (an instrument that gives the resultant); an axis missing gives '';
 * - each row's `vdv_exp` (whole body): its three VDV axes scaled to its
 *   exposure and combined; '' while incomplete, and for hands and arms.
 *
 * A row's times: its own, else, when it is the only measurement, the
 * memory's (exposure: `exposition_time`, or `cycle` × `repeat_number`;
 * measured: `sample_time`), so one component is typed once.
 *
 * Works on the memory as stored (not normalised): a row is only rewritten
 * when one of its figures changes, and the rest of it (unknown fields
 * included) stays as it was. Pure; returns the same object when nothing
 * changes.
 */
import { parseDurationHHmm } from '@/domain/dates';
import { formatDecimal, parseDecimal } from '@/domain/decimal';
import { type VibrationKind, vibrationKind, vibrationMemoryDefaults, vibrationTypeOfAgent } from '@/domain/vibration';
import { componentArep, componentVdv, type VibrationComponent } from '@/domain/vibration-exposure';

type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const blank = (value: unknown): boolean => textOf(value).trim() === '';

export const ACCELERATION_KEYS = ['ax', 'ay', 'az'] as const;
export const VDV_KEYS = ['vdv_x', 'vdv_y', 'vdv_z'] as const;
/** What a technician types in a measurement row; a row with none of these is blank (the list keeps one). */
const INPUT_KEYS = ['name', 'exposure_time', 'measured_time', ...ACCELERATION_KEYS, 'arep', ...VDV_KEYS] as const;

export function isBlankMeasurement(row: unknown): boolean {
  return !isRow(row) || INPUT_KEYS.every((key) => blank(row[key]));
}

/** The kind the figures are computed for: as the domain reads the bands, anything but 'corpo' (even nothing) is hands and arms. */
export function kindOf(memory: unknown): VibrationKind {
  return vibrationKind(isRow(memory) ? textOf(memory.vibration_type) : '') ?? 'hand-arm';
}

/** The memory's times a lone measurement takes when it has none of its own. */
export interface MemoryTimes {
  exposure: number | null;
  measured: number | null;
}

/** Exposure: `exposition_time`, else `cycle` × `repeat_number`; measured: `sample_time`. */
export function memoryTimes(memory: unknown): MemoryTimes {
  const m = isRow(memory) ? memory : {};
  const cycle = parseDurationHHmm(textOf(m.cycle));
  const repeats = /^\d+$/.test(textOf(m.repeat_number).trim()) ? Number(textOf(m.repeat_number).trim()) : null;
  const cycles = cycle !== null && repeats !== null ? cycle * repeats : null;
  return { exposure: parseDurationHHmm(textOf(m.exposition_time)) ?? cycles, measured: parseDurationHHmm(textOf(m.sample_time)) };
}

/** The measurement rows that are not blank, as stored. */
export function measurementRows(memory: unknown): Row[] {
  const rows = isRow(memory) && Array.isArray(memory.measurements) ? memory.measurements : [];
  return rows.filter((row): row is Row => isRow(row) && !isBlankMeasurement(row));
}

/** The times of a row: its own, else (`lone`: the only measurement) the memory's. */
function rowTimes(row: Row, lone: MemoryTimes | null): MemoryTimes {
  return {
    exposure: parseDurationHHmm(textOf(row.exposure_time)) ?? lone?.exposure ?? null,
    measured: parseDurationHHmm(textOf(row.measured_time)) ?? lone?.measured ?? null,
  };
}

/** A component as the domain reads it, and whether a reading of it is half typed (then the figure it feeds is unknown). */
export interface RowComponent {
  component: VibrationComponent;
  /** An axis's acceleration typed and another missing or unreadable. */
  arepIncomplete: boolean;
  /** A VDV axis typed and another missing or unreadable (whole body). */
  vdvIncomplete: boolean;
}

const readAll = (row: Row, keys: readonly string[]) => keys.map((key) => parseDecimal(textOf(row[key])));

export function rowComponent(row: Row, kind: VibrationKind, lone: MemoryTimes | null): RowComponent {
  const times = rowTimes(row, lone);
  const axesTyped = ACCELERATION_KEYS.some((key) => !blank(row[key]));
  const [x = null, y = null, z = null] = readAll(row, ACCELERATION_KEYS);
  // Full precision from the axes: the stored arep is rounded for the screen.
  const arep = axesTyped ? componentArep({ x, y, z }, kind) : parseDecimal(textOf(row.arep));
  const vdvTyped = kind === 'whole-body' && VDV_KEYS.some((key) => !blank(row[key]));
  const [vx = null, vy = null, vz = null] = readAll(row, VDV_KEYS);
  const vdvWhole = vx !== null && vy !== null && vz !== null;
  return {
    component: {
      arep,
      exposureMinutes: times.exposure,
      measuredMinutes: times.measured,
      vdv: vdvTyped && vdvWhole ? { x: vx, y: vy, z: vz } : null,
    },
    arepIncomplete: axesTyped && arep === null,
    vdvIncomplete: vdvTyped && !vdvWhole,
  };
}

/** The times a lone measurement takes from the memory, or null when there are several. */
export function loneTimes(memory: unknown): MemoryTimes | null {
  return measurementRows(memory).length === 1 ? memoryTimes(memory) : null;
}

/** A row's arep and VDV as the rule above gives them (two decimals, comma). */
export function measurementFigures(row: Row, kind: VibrationKind, lone: MemoryTimes | null): { arep: string; vdv_exp: string } {
  const { component } = rowComponent(row, kind, lone);
  const axesTyped = ACCELERATION_KEYS.some((key) => !blank(row[key]));
  return {
    arep: axesTyped ? formatDecimal(component.arep, 2) : textOf(row.arep),
    vdv_exp: component.vdv === null ? '' : formatDecimal(componentVdv(component), 2),
  };
}

/** The type a blank memory takes from its agent, with the memory rule; the same object when none is proposed. */
function withProposedType(memory: Row): Row {
  if (!blank(memory.vibration_type)) return memory;
  const proposed = vibrationTypeOfAgent(textOf(memory.agent));
  return proposed ? { ...memory, vibration_type: proposed, ...vibrationMemoryDefaults(proposed) } : memory;
}

/** The stored memory with the proposed type and every measurement's figures up to date (the same object when they already are). */
export function deriveVibrationMemory<M>(memory: M): M {
  if (!isRow(memory)) return memory;
  const typed = withProposedType(memory);
  if (!Array.isArray(typed.measurements)) return typed as M;
  const kind = kindOf(typed);
  const lone = loneTimes(typed);
  const rows: unknown[] = typed.measurements;
  const next = rows.map((row) => {
    if (!isRow(row)) return row;
    const figures = measurementFigures(row, kind, lone);
    const changed = (Object.keys(figures) as Array<keyof typeof figures>).filter((key) => figures[key] !== textOf(row[key]));
    if (changed.length === 0) return row;
    const out: Row = { ...row };
    for (const key of changed) out[key] = figures[key];
    return out;
  });
  return (next.some((row, index) => row !== rows[index]) ? { ...typed, measurements: next } : typed) as M;
}
