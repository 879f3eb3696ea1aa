/**
 * Calendar dates and clock times as the product shows and types them
 * (core-administration.md sections 2 and 9: dates DD/MM/YYYY; samples.md
 * section 4: only strings of the form HH:mm count in time calculations).
 *
 * Owns: DD/MM/YYYY <-> ISO calendar dates ('YYYY-MM-DD'), adding days, the
 * HH:mm parser and formatter, and the minutes between two clock times with
 * the midnight wrap. Pure: the current date is always passed in, never read.
 */

/** A calendar date with no time zone, 'YYYY-MM-DD' (the wire's date form). */
export type IsoDate = string;

export const MINUTES_PER_DAY = 1440;

const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|T| )/;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DURATION = /^(\d{2,}):([0-5]\d)$/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** True when the day exists in that month of that year (leap years too). */
export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function toIso(year: number, month: number, day: number): IsoDate {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** '21/11/2026' → '2026-11-21'; '31/02/2026', '1/2/2026', '' → null. */
export function parseDateBR(text: string | null | undefined): IsoDate | null {
  const match = BR_DATE.exec((text ?? '').trim());
  if (!match) return null;
  const [, d, m, y] = match;
  const day = Number(d);
  const month = Number(m);
  const year = Number(y);
  return isValidCalendarDate(year, month, day) ? toIso(year, month, day) : null;
}

/** '2026-11-21' → a valid ISO calendar date or null ('2026-02-30' → null). */
export function parseIsoDate(text: string | null | undefined): IsoDate | null {
  const match = ISO_DATE.exec((text ?? '').trim());
  if (!match) return null;
  const [, y, m, d] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  return isValidCalendarDate(year, month, day) ? toIso(year, month, day) : null;
}

/**
 * '2026-11-21' → '21/11/2026'. A value with a time part keeps its calendar
 * date as written ('2026-11-21T10:00:00' → '21/11/2026'); to show an instant
 * in the user's time zone use formatInstantBR. Invalid input → ''.
 */
export function formatDateBR(iso: string | null | undefined): string {
  const match = ISO_DATE_PREFIX.exec((iso ?? '').trim());
  if (!match) return '';
  const [, y, m, d] = match;
  if (!isValidCalendarDate(Number(y), Number(m), Number(d))) return '';
  return `${d}/${m}/${y}`;
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs about
 * 0.2 ms, formatting with a built one about 0.007 ms, and lists format one
 * date per row (issue 10).
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * An instant (ISO timestamp with offset, or a Date) as DD/MM/YYYY in a time
 * zone, by default Brasília time, so '2026-11-21T01:00:00Z' is 20/11/2026.
 */
export function formatInstantBR(instant: string | Date, timeZone = 'America/Sao_Paulo'): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  const parts = dayFormatter(timeZone).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')}`;
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();
function timeFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = timeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * An instant as 'DD/MM/YYYY HH:mm' in a time zone, by default Brasília time
 * ('2026-11-21T13:05:00Z' → '21/11/2026 10:05'): when a sample was approved,
 * a history event. Invalid input → ''.
 */
export function formatInstantTimeBR(instant: string | Date, timeZone = 'America/Sao_Paulo'): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  const parts = timeFormatter(timeZone).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
}

/** '2026-12-30' + 3 → '2027-01-02'. Invalid date or non-integer days → null. */
export function addDays(iso: IsoDate, days: number): IsoDate | null {
  const date = parseIsoDate(iso);
  if (date === null || !Number.isInteger(days)) return null;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  const year = shifted.getUTCFullYear();
  if (year < 1 || year > 9999) return null;
  return toIso(year, shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/**
 * Clock time 'HH:mm' → minutes after midnight. Exactly two digits each,
 * hours 00-23, minutes 00-59: '7:5', '07:5', '25:00', '12:60', '24:00' → null.
 */
export function parseTimeHHmm(text: string | null | undefined): number | null {
  const match = CLOCK.exec(typeof text === 'string' ? text.trim() : '');
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * A duration 'HH:mm' → minutes; hours may pass 23 ('25:30' → 1530) because a
 * duration is not a clock time. Used for a stored total_time.
 */
export function parseDurationHHmm(text: string | null | undefined): number | null {
  const match = DURATION.exec(typeof text === 'string' ? text.trim() : '');
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes → 'HH:mm' (425 → '07:05'); fractions round to the minute; negative or non-finite → ''. */
export function formatHHmm(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return '';
  const whole = Math.round(minutes);
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/**
 * Minutes from one clock time to the next, adding a day when the end is
 * earlier (a shift from 22:00 to 06:00 lasts 480 minutes). Equal times → 0.
 */
export function minutesBetween(start: string | null | undefined, end: string | null | undefined): number | null {
  const from = parseTimeHHmm(start);
  const to = parseTimeHHmm(end);
  if (from === null || to === null) return null;
  const diff = to - from;
  return diff < 0 ? diff + MINUTES_PER_DAY : diff;
}
