/**
 * What a syncable resource is, declared once: its table, API paths, contract
 * schemas, references to other resources, parent (for child lines) and the
 * fields its search covers. The store derives its indexes from this, the
 * engine its requests, the hooks their queries. Adding customers or
 * quotations later is a matter of declaring them (see sync/README.md).
 */
import { z } from 'zod';
import type { ReadAccess } from '@sync/contract/access';
import type { RecordFields } from '../types';

/**
 * What happens locally to records that point at a record being deleted. It
 * mirrors what the server does, so the device agrees with the server without
 * waiting for a pull:
 * - set-null: the reference is cleared (equipment of a deleted category);
 * - cascade: the referring record goes too (equipment lines of a deleted agent);
 * - restrict: the delete is refused while a record points at it.
 */
export type OnDelete = 'set-null' | 'cascade' | 'restrict';

export interface ReferenceDefinition {
  /** Wire field holding the server id (`category_id`). */
  field: string;
  /** Local field holding the target's local key (`category_key`). */
  keyField: string;
  /** Name of the target resource. */
  resource: string;
  onDelete: OnDelete;
  /** Message when `restrict` refuses a delete (default: the generic "em uso"). */
  inUseMessage?: string;
  /**
   * Fields copied from the target when a save sets the reference
   * (local field ← target field), e.g. a line shows its equipment's name
   * before the server fills it in.
   */
  copy?: Readonly<Record<string, string>>;
}

/** A child line written through its parent's paths and embedded in the parent on pull. */
export interface ParentDefinition extends ReferenceDefinition {
  /** Field of the parent's wire record holding the lines (`equipments`). */
  embeddedAs: string;
}

/**
 * Path templates relative to the API base. Placeholders: `{id}` (the record's
 * server id), `{parentId}` (the parent's server id), `{skip}` and `{take}`.
 * A child resource has no list path: it is pulled inside its parent.
 */
export interface ResourcePaths {
  list?: string;
  create: string;
  update: string;
  delete: string;
}

/**
 * A resource whose create carries a file kept on the device (customer files):
 * the create is sent as multipart/form-data with the input fields as text
 * fields and the bytes from the store's `files` table (owner: this resource
 * and the record's key) under `fileField`. See sync/engine/files.ts.
 */
export interface UploadDefinition {
  /** Form field of the bytes ('file'). */
  fileField: string;
  /** Where the server serves a record's bytes (relative to the API base); null until uploaded. */
  downloadPath?: (record: RecordFields) => string | null;
}

/**
 * A command of a resource (sync/engine/commands.ts): a call on one record
 * that is not a plain write of it, queued in the record's outbox chain and
 * sent once, in order, after the record's earlier changes.
 */
export interface CommandDefinition {
  /** Portuguese name for the sync page ('Alteração de status'). */
  label: string;
  method: 'POST' | 'PUT';
  /** Path template relative to the API base; `{id}` is the record's server id. */
  path: string;
  /** Validates the body when queued (Portuguese messages, like a save). */
  input?: z.ZodType;
  /** What the 2xx answer is (see OutboxCommand). */
  answer: 'record' | 'created' | 'none';
  /** Resources the command creates or changes on the server, pulled after it. */
  pulls?: readonly string[];
  /** Cannot work offline (it needs the server's answer at once): refused when queued offline. */
  online?: boolean;
  /**
   * Fields the command changes on the device at once, from its body (the
   * new status shows in the list offline). A discard of the command puts
   * them back to the server's version.
   */
  effect?: (body: RecordFields) => RecordFields;
  /**
   * Sent with `If-Match` (the record's version): the server refuses it with
   * 409 and its current record when the record changed since. The push then
   * sends it again against the new version when nobody else changed the
   * `effect`'s fields, and shows a conflict otherwise (push-conflict.ts).
   */
  versioned?: boolean;
  /**
   * Sent only after every earlier change of the record's lines (its
   * children, e.g. a sample's photos) has gone: a sample's Finalizar must
   * not reach the server before a photo taken before it, which the server
   * would then refuse on a finalized sample.
   */
  afterChildren?: boolean;
}

export interface ResourceDefinition {
  /** Registry name, also the Dexie table name. */
  name: string;
  kind: ResourceKind;
  /**
   * Who may read its list (sync/contract/access.ts): the engine pulls it only
   * for users the rule admits. Absent: every signed-in user. Lines inherit
   * their parent's (they arrive inside it).
   */
  read?: ReadAccess;
  /** Field of the documented list answer holding the records (`options` for settings); default: the array itself, or `list`. */
  listField?: string;
  /**
   * True: every pull reads the whole list in documented mode and removes
   * the local records the server no longer lists (a small list on a server
   * without `updated_since`). Default: incremental pulls.
   */
  replaceOnPull?: boolean;
  /** Query of a documented-mode read (full paging), e.g. `{ trashed: 'true' }` so deleted users stay listed. */
  listQuery?: Readonly<Record<string, string>>;
  /** Portuguese name for the sync page ('Equipamento'). */
  label: string;
  paths: ResourcePaths;
  /**
   * Wire record (what the server answers). An object schema, as every
   * declaration's is: typed so, a definition's own schema type is checked
   * against it by its shape alone (a ZodType would compare every method).
   */
  schema: z.ZodObject<z.ZodRawShape>;
  /** Write body (what POST and PUT send); also validates a local save. */
  input: z.ZodObject<z.ZodRawShape>;
  /**
   * Local fields taken from a wire record: every field of the wire schema
   * except id and timestamps and the embedded objects named in `embedded`.
   */
  fields: readonly string[];
  /** Wire fields not kept on the record (embedded copies of references, child lines). */
  embedded: readonly string[];
  references: readonly ReferenceDefinition[];
  parent?: ParentDefinition;
  /** Names of child resources whose lines this resource embeds. */
  children: readonly string[];
  /** Fields whose words the local search matches by prefix. */
  searchable: readonly string[];
  /** Portuguese labels of the editable fields, for conflict and discard reports. */
  fieldLabels: Readonly<Record<string, string>>;
  /** How a record is named to the user ("Furadeira (nº 1234)"). */
  title(record: RecordFields): string;
  /** Creates go as multipart uploads of a file kept on the device. */
  upload?: UploadDefinition;
  /** Commands by name (a quotation's 'status', 'duplicate'). */
  commands: Readonly<Record<string, CommandDefinition>>;
  /**
   * Fields computed from the others on every local save, after validation
   * (a quotation's totals from its lines); the server computes the same.
   */
  derive?: (record: RecordFields) => RecordFields;
  /**
   * The record-level fields `derive` computes (a quotation's subtotal, total
   * and instalment value). A conflict never asks about them: they are left
   * out of the merge and computed again from the merged fields.
   */
  derivedFields: readonly string[];
  /**
   * True for a computed leaf inside a document field (`path` from the field:
   * `['result', 'nho', 'dose8']`): changed on both sides, a merge takes
   * mine instead of asking, since the server computes it again on save
   * (sync/engine/json-merge.ts).
   */
  isFigurePath?: (record: RecordFields, path: readonly string[]) => boolean;
  /**
   * The label of a path inside a document field, for a person ('Caracterização
   * — Matrícula', 'Agentes — linha 2 — Quantidade'); undefined when unknown
   * (the field's label and the humanised rest are shown then).
   */
  pathLabel?: (record: RecordFields, path: readonly string[]) => string | undefined;
  /**
   * Plain fields holding JSON that a merge takes whole, never key by key
   * (a rich text: half of one side's paragraphs with half of the other's is
   * prose nobody wrote). Every other plain field merges at any depth.
   */
  wholeFields: readonly string[];
}

/**
 * The local record type is derived from these (local-record-types.ts): the
 * name, the wire schema, the embedded fields and the references. They are
 * type parameters, inferred with their literal types from the declaration
 * (`const`), so that `LocalRecordOf<typeof equipment>` knows 'category_key'.
 */
export interface ResourceDeclaration<
  Name extends string = string,
  Schema extends z.ZodObject<z.ZodRawShape> = z.ZodObject<z.ZodRawShape>,
  Embedded extends readonly WireField<Schema>[] = readonly WireField<Schema>[],
  References extends readonly ReferenceDefinition[] = readonly ReferenceDefinition[],
  Parent extends ParentDefinition | undefined = ParentDefinition | undefined,
> {
  name: Name;
  /** Who may read its list (sync/contract/access.ts); absent: every signed-in user. */
  read?: ReadAccess;
  label: string;
  paths: ResourcePaths;
  schema: Schema;
  input: z.ZodObject<z.ZodRawShape>;
  embedded?: Embedded;
  references?: References;
  parent?: Parent;
  searchable: readonly string[];
  fieldLabels: Readonly<Record<string, string>>;
  title?: (record: RecordFields) => string;
  upload?: UploadDefinition;
  commands?: Readonly<Record<string, CommandDefinition>>;
  derive?: (record: RecordFields) => RecordFields;
  derivedFields?: readonly string[];
  isFigurePath?: (record: RecordFields, path: readonly string[]) => boolean;
  pathLabel?: (record: RecordFields, path: readonly string[]) => string | undefined;
  wholeFields?: readonly string[];
}

/** A field of a wire schema (what `embedded` may name). */
type WireField<Schema extends z.ZodObject<z.ZodRawShape>> = keyof Schema['shape'] & string;

/**
 * A definition as `defineResource` returns it: a ResourceDefinition that
 * keeps its declaration's literal types, for the local record types. The
 * registry and the engine read it as a plain ResourceDefinition.
 */
export interface DefinedResource<
  Name extends string = string,
  Schema extends z.ZodObject<z.ZodRawShape> = z.ZodObject<z.ZodRawShape>,
  Embedded extends readonly string[] = readonly string[],
  References extends readonly ReferenceDefinition[] = readonly ReferenceDefinition[],
  Parent extends ParentDefinition | undefined = ParentDefinition | undefined,
> extends ResourceDefinition {
  name: Name;
  schema: Schema;
  embedded: Embedded;
  references: References;
  parent: Parent;
}

const SERVER_FIELDS = new Set(['id', 'created_at', 'updated_at']);

/** Turns a declaration into a definition, deriving the local fields from the wire schema. */
export function defineResource<
  const Name extends string,
  Schema extends z.ZodObject<z.ZodRawShape>,
  const Embedded extends readonly WireField<Schema>[] = [],
  const References extends readonly ReferenceDefinition[] = [],
  const Parent extends ParentDefinition | undefined = undefined,
>(declaration: ResourceDeclaration<Name, Schema, Embedded, References, Parent>): DefinedResource<Name, Schema, Embedded, References, Parent> {
  // An absent list is the empty one its type parameter defaults to.
  const embedded = (declaration.embedded ?? []) as Embedded;
  const fields = Object.keys(declaration.schema.shape).filter(
    (field) => !SERVER_FIELDS.has(field) && !(embedded as readonly string[]).includes(field),
  );
  return {
    name: declaration.name,
    kind: 'synced',
    ...(declaration.read ? { read: declaration.read } : {}),
    label: declaration.label,
    paths: declaration.paths,
    schema: declaration.schema,
    input: declaration.input,
    fields,
    embedded,
    references: (declaration.references ?? []) as References,
    parent: declaration.parent as Parent,
    children: [],
    searchable: declaration.searchable,
    fieldLabels: declaration.fieldLabels,
    title: declaration.title ?? ((record) => String(record.name ?? '')),
    ...(declaration.upload ? { upload: declaration.upload } : {}),
    commands: declaration.commands ?? {},
    ...(declaration.derive ? { derive: declaration.derive } : {}),
    derivedFields: declaration.derivedFields ?? [],
    ...(declaration.isFigurePath ? { isFigurePath: declaration.isFigurePath } : {}),
    ...(declaration.pathLabel ? { pathLabel: declaration.pathLabel } : {}),
    wholeFields: declaration.wholeFields ?? [],
  };
}

export interface ReadOnlyDeclaration<Name extends string = string, Schema extends z.ZodObject<z.ZodRawShape> = z.ZodObject<z.ZodRawShape>> {
  name: Name;
  label: string;
  /** The list path (`{skip}`/`{take}` when paged). */
  list: string;
  schema: Schema;
  read?: ReadAccess;
  listField?: string;
  replaceOnPull?: boolean;
  listQuery?: Readonly<Record<string, string>>;
  searchable?: readonly string[];
  fieldLabels?: Readonly<Record<string, string>>;
  title?: (record: RecordFields) => string;
}

/** Nothing is ever written: the input of a read-only resource accepts no field. */
const NO_INPUT = z.object({}).strict();

/**
 * A read-only resource: list path only, pulled like the others and read
 * through the same hooks; saveRecord/deleteRecord refuse it. The write
 * paths are empty because nothing can reach the push for it.
 */
export function defineReadOnlyResource<const Name extends string, Schema extends z.ZodObject<z.ZodRawShape>>(
  declaration: ReadOnlyDeclaration<Name, Schema>,
): DefinedResource<Name, Schema, [], [], undefined> {
  // Built as a plain resource (so it gets every default a resource has), then marked read-only.
  const resource = defineResource({
    name: declaration.name,
    label: declaration.label,
    paths: { list: declaration.list, create: '', update: '', delete: '' },
    schema: declaration.schema,
    input: NO_INPUT,
    searchable: declaration.searchable ?? ['name'],
    fieldLabels: declaration.fieldLabels ?? { name: 'Nome' },
    ...(declaration.read ? { read: declaration.read } : {}),
    ...(declaration.title ? { title: declaration.title } : {}),
  });
  return {
    ...resource,
    kind: 'readOnly',
    ...(declaration.listField ? { listField: declaration.listField } : {}),
    ...(declaration.replaceOnPull ? { replaceOnPull: true } : {}),
    ...(declaration.listQuery ? { listQuery: declaration.listQuery } : {}),
  };
}

/** Every reference of a resource, the parent included. */
export function allReferences(resource: ResourceDefinition): readonly ReferenceDefinition[] {
  return resource.parent ? [resource.parent, ...resource.references] : resource.references;
}

/**
 * - synced: read and written on the device; writes go through the outbox;
 * - readOnly: pulled and kept on the device, written only online (users,
 *   roles, settings, lookup lists); a local save or delete is refused, so
 *   no outbox entry ever exists for it (its write paths are empty).
 */
export type ResourceKind = 'synced' | 'readOnly';
