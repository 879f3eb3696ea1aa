/**
 * Record versions for optimistic concurrency (docs/sync-protocol.md): the
 * time of a write, the `updated_at` it leaves behind, and the `If-Match`
 * check of PUT and DELETE.
 *
 * Writes take their time from the app's injected clock (ms precision), the
 * same clock that answers `server_time` on a pull, so cursors and
 * timestamps always compare like with like. A write never leaves a record's
 * `updated_at` where it was: when the clock has not moved past it (two
 * writes in one millisecond, a clock step back), it advances by 1 ms, so an
 * `If-Match` taken before the write can never match after it.
 */
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isStorableInstant } from '@sync/contract/fields';
import { CONFLICT_MESSAGE, IF_MATCH_HEADER } from '@sync/contract/sync';
import type { Clock } from '../clock';
import { badRequest } from '../http/errors';

export const SYNC_MESSAGES = {
  invalidIfMatch: 'O cabeçalho If-Match é inválido: envie o updated_at do registro.',
  conflict: CONFLICT_MESSAGE,
} as const;

/** The instant of a write, from the injected clock. */
export function writeTime(clock: Clock): Date {
  return new Date(clock.now());
}

/** Timestamp parameter for raw SQL: ISO text cast to timestamptz behaves the same on PGlite and `pg`. */
export function timestampParam(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`;
}

/** SET value for `updated_at` on an update: the write time, or 1 ms past the stored value if that is later. */
export function nextUpdatedAt(updatedAt: AnyColumn, now: Date): SQL {
  return sql`greatest(${timestampParam(now)}, ${updatedAt} + interval '1 millisecond')`;
}

/**
 * The `updated_at` the client last saw, from `If-Match`, or undefined when
 * the header is absent (last write wins, as documented) or `*`. ETag-style
 * quotes and a weak `W/` prefix are tolerated. An unreadable value is a 400,
 * never a silent overwrite.
 */
export function ifMatchOf(request: FastifyRequest): Date | undefined {
  const raw = request.headers[IF_MATCH_HEADER];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (header === undefined) return undefined;
  const value = header
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1')
    .trim();
  if (value === '' || value === '*') return undefined;
  // Only full ISO 8601 timestamps: Date.parse would also accept "1" or "March 7".
  const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) ? Date.parse(value) : NaN;
  // A year the database cannot store (0000) would fail the comparison in SQL: it is no version of any record.
  if (!isStorableInstant(time)) throw badRequest(SYNC_MESSAGES.invalidIfMatch);
  return new Date(time);
}

/** WHERE for "this record, at this version" (version undefined = any version). */
export function atVersion(idColumn: AnyColumn, id: number, updatedAt: AnyColumn, version: Date | undefined): SQL {
  const byId = eq(idColumn, id);
  return version === undefined ? byId : and(byId, sql`${updatedAt} = ${timestampParam(version)}`)!;
}
