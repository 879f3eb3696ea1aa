/**
 * Small hand-written readers for the few JSON answers the login page needs
 * (the token grant, the signed-in user, an error body, what the session
 * stored), so that zod, about 25 kB gzip, is not part of the first load.
 *
 * A reader takes an unknown value and returns a fresh copy holding only the
 * declared keys, as a zod object schema does (unknown keys are dropped), or
 * throws `ShapeMismatch`. `readShape` turns that into `null`. They copy the
 * zod rules they stand for: `int` is a safe integer (zod 4's `.int()`),
 * `number` a finite number. The zod schemas in sync/contract stay the
 * contract; each reader built here is tested against its schema with a table
 * of valid and invalid bodies (tests/unit/session/json-shapes.test.ts), so
 * the two cannot drift apart.
 */

export class ShapeMismatch extends Error {
  override readonly name = 'ShapeMismatch';
}

export type Reader<T> = (value: unknown) => T;

function mismatch(expected: string): never {
  throw new ShapeMismatch(`expected ${expected}`);
}

export const string: Reader<string> = (value) => (typeof value === 'string' ? value : mismatch('a string'));

export const nonEmptyString: Reader<string> = (value) => (typeof value === 'string' && value.length > 0 ? value : mismatch('a non-empty string'));

export const number: Reader<number> = (value) => (typeof value === 'number' && Number.isFinite(value) ? value : mismatch('a number'));

export const int: Reader<number> = (value) => (Number.isSafeInteger(value) ? (value as number) : mismatch('an integer'));

export const positiveInt: Reader<number> = (value) =>
  Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : mismatch('a positive integer');

export const boolean: Reader<boolean> = (value) => (typeof value === 'boolean' ? value : mismatch('a boolean'));

export function literal<const T extends string | number | boolean>(expected: T): Reader<T> {
  return (value) => (value === expected ? expected : mismatch(JSON.stringify(expected)));
}

export function nullable<T>(reader: Reader<T>): Reader<T | null> {
  return (value) => (value === null ? null : reader(value));
}

/** A key that may be absent (or undefined); absent keys stay absent in the copy. */
export interface OptionalReader<T> {
  optional: Reader<T>;
}

export function optional<T>(reader: Reader<T>): OptionalReader<T> {
  return { optional: reader };
}

type Shape = Record<string, Reader<unknown> | OptionalReader<unknown>>;

type Output<S extends Shape> = {
  [K in keyof S as S[K] extends OptionalReader<unknown> ? never : K]: S[K] extends Reader<infer T> ? T : never;
} & {
  [K in keyof S as S[K] extends OptionalReader<unknown> ? K : never]?: S[K] extends OptionalReader<infer T> ? T : never;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function object<S extends Shape>(shape: S): Reader<{ [K in keyof Output<S>]: Output<S>[K] }> {
  const entries = Object.entries(shape);
  return (value) => {
    if (!isRecord(value)) mismatch('an object');
    const copy: Record<string, unknown> = {};
    for (const [key, reader] of entries) {
      const field = value[key];
      if (typeof reader === 'function') copy[key] = reader(field);
      else if (field !== undefined) copy[key] = reader.optional(field);
    }
    return copy as never;
  };
}

export function array<T>(reader: Reader<T>): Reader<T[]> {
  return (value) => (Array.isArray(value) ? value.map((item) => reader(item)) : mismatch('an array'));
}

/** An object used as a map from string keys to values of one shape. */
export function record<T>(reader: Reader<T>): Reader<Record<string, T>> {
  return (value) => {
    if (!isRecord(value)) mismatch('an object');
    const copy: Record<string, T> = {};
    // defineProperty: a '__proto__' key stays a plain key, as in the parsed JSON.
    for (const [key, item] of Object.entries(value))
      Object.defineProperty(copy, key, { value: reader(item), enumerable: true, writable: true, configurable: true });
    return copy;
  };
}

/** The value read by `reader`, or null when it does not have the shape. */
export function readShape<T>(reader: Reader<T>, value: unknown): T | null {
  try {
    return reader(value);
  } catch (error) {
    if (error instanceof ShapeMismatch) return null;
    throw error;
  }
}
