/**
 * A day's vibration exposure from the components measured in the field
 * (calculations.md section 3; Fundacentro NHO 09 and NHO 10, 2013): each
 * exposure component (an activity, a machine, a period of the journey) has
 * its partial resultant acceleration arep, its exposure time in the day and,
 * for whole body, the VDV measured on each axis over its measured time.
 *
 * Owns how several components combine:
 * - aren = sqrt(Σ arep_j² · T_j / 480) over every component (vibration.ts
 *   `aren`), so a component's weight is its exposure time;
 * - VDVR = (Σ VDV_exp⁴)^(1/4) over every axis of every component measured,
 *   each axis scaled to its component's exposure, VDV_exp = f · VDV ·
 *   (T_exp / T_meas)^(1/4), f = 1,4 on x and y (vibration.ts `vdvr`,
 *   'all-axes'); hands and arms have no VDVR.
 * A component missing a figure makes the day unknown (null), never a
 * partial sum: a half-typed measurement shows nothing rather than a low value.
 */
import { type Axes, aren, arep, type VdvMeasurement, type VibrationKind, vdvr } from './vibration';

export type VibrationComponent = {
  /** Partial resultant acceleration, m/s² (from the axes, or as the instrument gave it). */
  arep: number | null;
  /** The component's exposure time in the day, minutes. */
  exposureMinutes: number | null;
  /** How long it was measured, minutes (scales its VDV). */
  measuredMinutes: number | null;
  /** Its VDV per axis as measured, m/s^1.75, before the factors; null when no VDV was measured. */
  vdv: Axes | null;
};

export type VibrationExposure = {
  aren: number | null;
  vdvr: number | null;
  /** The day's exposure time (Σ T_j), minutes; null when a component lacks it. */
  exposureMinutes: number | null;
  /** How many components made the figures. */
  components: number;
};

/** arep from the three axes of one component (whole body weights x and y by 1,4); null when an axis is missing. */
export function componentArep(axes: { x: number | null; y: number | null; z: number | null }, kind: VibrationKind): number | null {
  const { x, y, z } = axes;
  if (x === null || y === null || z === null) return null;
  return arep({ x, y, z }, kind);
}

/** The three axes of one component as VDV measurements over its times. */
function vdvMeasurements(component: VibrationComponent, index: number): VdvMeasurement[] | null {
  const { vdv, measuredMinutes, exposureMinutes } = component;
  if (vdv === null) return [];
  if (measuredMinutes === null || exposureMinutes === null) return null;
  return (['x', 'y', 'z'] as const).map((axis) => ({ axis, vdv: vdv[axis], measuredMinutes, exposureMinutes, component: String(index) }));
}

/** One component's VDV scaled to its exposure, all three axes combined; null without its VDV or times. */
export function componentVdv(component: VibrationComponent): number | null {
  const measurements = vdvMeasurements(component, 0);
  return measurements === null || measurements.length === 0 ? null : vdvr(measurements);
}

/**
 * The day's aren and (whole body) VDVR from its components. aren needs
 * every component's arep and exposure; VDVR the VDV and both times of every
 * component whose VDV was measured (a component without VDV adds nothing),
 * and at least one such component.
 */
export function vibrationExposure(kind: VibrationKind, components: readonly VibrationComponent[]): VibrationExposure {
  const exposures = components.map((c) => c.exposureMinutes);
  const exposureMinutes = exposures.every((m): m is number => m !== null) && exposures.length > 0 ? exposures.reduce((a, m) => a + m, 0) : null;
  const known = components.every((c) => c.arep !== null && c.exposureMinutes !== null);
  const arenValue = known ? aren(components.map((c) => ({ arep: c.arep as number, minutes: c.exposureMinutes as number }))) : null;
  let vdvrValue: number | null = null;
  if (kind === 'whole-body') {
    const perComponent = components.map(vdvMeasurements);
    const all = perComponent.every((m): m is VdvMeasurement[] => m !== null) ? perComponent.flat() : null;
    vdvrValue = all && all.length > 0 ? vdvr(all) : null;
  }
  return { aren: arenValue, vdvr: vdvrValue, exposureMinutes, components: components.length };
}
