/**
 * The record types the screens read, derived from the resource definitions
 * (docs/decisions/local-record-types.md): what `pickFields` keeps of a wire
 * record, typed from the definition's wire schema, embedded fields and
 * references, so a field added to a wire schema or a reference added to a
 * definition reaches the screens' types with no second edit. What the
 * definitions cannot say (fields the server makes, device metadata) each
 * record file adds on top, as a refinement it justifies.
 */
import type { z } from 'zod';
import type { DefinedResource } from './resource';

export interface LocalRecordBase {
  /** Local key (UUID): the record's identity on the device, also in routes. */
  key: string;
  /** Server id; null until the create is pushed. */
  id: number | null;
  created_at: string | null;
  updated_at: string | null;
  /** When the record was created on this device (ISO), for 'Cliente desde' and the order before the server answers. */
  _local_at?: string;
}

type Wire<D extends DefinedResource> = z.output<D['schema']>;
type Reference<D extends DefinedResource> = D['references'][number];
type Parent<D extends DefinedResource> = Exclude<D['parent'], undefined>;
/** Fields a save copies from a reference's target (`copy`): null when that target's field is (a target not pushed yet). */
type Copied<D extends DefinedResource> = Reference<D> extends infer R ? (R extends { copy: infer C } ? keyof C & keyof Wire<D> : never) : never;

/**
 * Both sides of every reference: the target's server id, null while the
 * target exists only here (references.ts fills it when the target's create
 * is answered), and its local key, null when there is no target. A line's
 * parent key is never null: a line is always saved under its parent.
 */
type ReferenceFields<D extends DefinedResource> = { [R in Reference<D> as R['keyField']]: string | null } & {
  [R in Reference<D> | Parent<D> as R['field']]: number | null;
} & { [P in Parent<D> as P['keyField']]: string };

/** Flattens an intersection into one object type, so hovers and errors show the fields. */
type Fields<T> = { [K in keyof T]: T[K] } & {};

/**
 * A resource's local record: the base (key, server id, timestamps), the
 * wire fields but the embedded ones, the copied fields as nullable and
 * both sides of every reference.
 */
export type LocalRecordOf<D extends DefinedResource> = Fields<
  LocalRecordBase &
    Omit<Wire<D>, keyof LocalRecordBase | D['embedded'][number] | Copied<D> | Reference<D>['field'] | Parent<D>['field']> & {
      [K in Copied<D>]: Wire<D>[K] | null;
    } & ReferenceFields<D>
>;

/**
 * Fields of the wire record that the server makes (a slug, a number, a
 * date as DD/MM/YYYY): null on a record created here until the server answers.
 */
export type NullUntilPushed<T, K extends keyof T> = { [P in keyof T]: P extends K ? T[P] | null : T[P] };

/**
 * Resource name → its refined record type, for the resources whose record
 * file adds to the derived type (by interface merging, beside the type).
 * The others are read as `LocalRecordOf` their definition (record-map.ts).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the record files' declaration merging.
export interface LocalRecordRefinements {}
