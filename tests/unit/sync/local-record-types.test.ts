/**
 * The local record types are derived from the resource definitions
 * (sync/store/registry/local-record-types.ts). The type checker holds the
 * `expectTypeOf` lines and the field tables (`npm test` type-checks the
 * tests first); the run compares the tables with the fields the store
 * really keeps for each resource, so a definition and its type cannot drift.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { Equipment } from '@sync/contract/catalog';
import type { QuotationRow } from '@sync/contract/quotations';
import type { Sample, SampleRowRef } from '@sync/contract/samples';
import { localFieldNames } from '@sync/store/local-record';
import {
  createDefaultRegistry,
  defineResource,
  type LocalCustomer,
  type LocalCustomerAddress,
  type LocalEquipment,
  type LocalProduct,
  type LocalProductEquipment,
  type LocalQuotation,
  type LocalSample,
  type LocalSampleFile,
  type ResourceName,
  type ResourceRecordMap,
  type roles,
  type SYNCED_RESOURCES,
} from '@sync/store/registry';
import type { LocalRecordBase, LocalRecordOf, LocalRecordRefinements } from '@sync/store/registry/local-record-types';

type Definition = (typeof SYNCED_RESOURCES)[number];
type DefinitionNamed<N> = Extract<Definition, { name: N }>;
/** The fields a record type holds besides the base (key, server id, timestamps, `_local_at`). */
type KeptField<T> = Exclude<keyof T, keyof LocalRecordBase>;

describe('a derived record type, field by field', () => {
  it('keeps a wire field with its wire type and drops an embedded one', () => {
    expectTypeOf<LocalEquipment['serial_number']>().toEqualTypeOf<Equipment['serial_number']>();
    expectTypeOf<LocalEquipment['type']>().toEqualTypeOf<Equipment['type']>();
    expectTypeOf<LocalEquipment>().not.toHaveProperty('category');
    expectTypeOf<LocalSample['status']>().toEqualTypeOf<Sample['status']>();
    expectTypeOf<LocalSample>().not.toHaveProperty('type');
    expectTypeOf<LocalSample>().not.toHaveProperty('files');
    expectTypeOf<LocalCustomer>().not.toHaveProperty('addresses');
    expectTypeOf<LocalCustomer['contact']>().toEqualTypeOf<{ name: string | null; email: string | null; phone: string | null } | null>();
  });

  it('holds both sides of a reference: the local key, and the server id that is null until the target is pushed', () => {
    expectTypeOf<LocalEquipment['category_key']>().toEqualTypeOf<string | null>();
    expectTypeOf<LocalEquipment['category_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<LocalProduct['type_key']>().toEqualTypeOf<string | null>();
    expectTypeOf<LocalProduct['type_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<LocalQuotation['customer_key']>().toEqualTypeOf<string | null>();
    expectTypeOf<LocalQuotation['service_address_key']>().toEqualTypeOf<string | null>();
    expectTypeOf<LocalSample['quotation_key']>().toEqualTypeOf<string | null>();
  });

  it("gives a line its parent's key, never null, and types the copied fields as nullable", () => {
    expectTypeOf<LocalProductEquipment['product_key']>().toEqualTypeOf<string>();
    expectTypeOf<LocalProductEquipment['product_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<LocalProductEquipment['equipment_key']>().toEqualTypeOf<string | null>();
    expectTypeOf<LocalProductEquipment['name']>().toEqualTypeOf<string | null>();
    expectTypeOf<LocalCustomerAddress['customer_key']>().toEqualTypeOf<string>();
    expectTypeOf<LocalQuotation['customer_name']>().toEqualTypeOf<string | null>();
    expectTypeOf<LocalSample['customer_id']>().toEqualTypeOf<number | null>();
  });

  it('adds the refinements the record files declare', () => {
    expectTypeOf<LocalEquipment['slug']>().toEqualTypeOf<string | null>();
    expectTypeOf<LocalQuotation['reference_no']>().toEqualTypeOf<string | null>();
    expectTypeOf<LocalQuotation['rows'][number]>().toEqualTypeOf<Omit<QuotationRow, 'total'> & { total?: number }>();
    expectTypeOf<LocalSample['quotation_row_id']>().toEqualTypeOf<SampleRowRef | null>();
    expectTypeOf<LocalSampleFile['url']>().toEqualTypeOf<string | null>();
  });
});

describe('the type function on a made-up definition', () => {
  const id = z.number().int();
  const widgets = defineResource({
    name: 'test_widgets',
    label: 'Peça',
    paths: { create: 'api/box/{parentId}/widget', update: 'api/box/{parentId}/widget/{id}', delete: 'api/box/{parentId}/widget/{id}' },
    schema: z.object({
      id,
      name: z.string(),
      size: z.number().nullable(),
      color_id: id,
      color_name: z.string(),
      color: z.object({ id, name: z.string() }),
      created_at: z.string(),
      updated_at: z.string(),
    }),
    input: z.object({ name: z.string() }),
    embedded: ['color'],
    references: [{ field: 'color_id', keyField: 'color_key', resource: 'colors', onDelete: 'set-null', copy: { color_name: 'name' } }],
    parent: { field: 'box_id', keyField: 'box_key', resource: 'boxes', onDelete: 'cascade', embeddedAs: 'widgets' },
    searchable: ['name'],
    fieldLabels: { name: 'Nome' },
  });

  it('is exactly the base, the wire fields, the copies and both sides of each reference', () => {
    expectTypeOf<LocalRecordOf<typeof widgets>>().toEqualTypeOf<{
      key: string;
      id: number | null;
      created_at: string | null;
      updated_at: string | null;
      _local_at?: string;
      name: string;
      size: number | null;
      color_id: number | null;
      color_key: string | null;
      color_name: string | null;
      box_id: number | null;
      box_key: string;
    }>();
  });

  it('names the same fields the store keeps', () => {
    expect(localFieldNames(widgets).sort()).toEqual(['box_id', 'box_key', 'color_id', 'color_key', 'color_name', 'name', 'size']);
  });

  it('refuses an embedded field the wire schema does not have', () => {
    defineResource({
      name: 'test_gadgets',
      label: 'Peça',
      paths: { create: 'api/gadget', update: 'api/gadget/{id}', delete: 'api/gadget/{id}' },
      schema: z.object({ id, name: z.string() }),
      input: z.object({ name: z.string() }),
      // @ts-expect-error: 'category' is not a field of the wire schema
      embedded: ['category'],
      searchable: ['name'],
      fieldLabels: { name: 'Nome' },
    });
  });
});

describe('the record map', () => {
  it('has one name per definition of the registry, and only those', () => {
    expectTypeOf<ResourceName>().toEqualTypeOf<Definition['name']>();
    expect(new Set(createDefaultRegistry().resources.map((resource) => resource.name)).size).toBe(createDefaultRegistry().resources.length);
  });

  it('reads a refined resource as its refined type, and any other as its derived one', () => {
    expectTypeOf<ResourceRecordMap['equipment']>().toEqualTypeOf<LocalEquipment>();
    expectTypeOf<ResourceRecordMap['quotations']>().toEqualTypeOf<LocalQuotation>();
    expectTypeOf<ResourceRecordMap['roles']>().toEqualTypeOf<LocalRecordOf<typeof roles>>();
    expectTypeOf<ResourceRecordMap['roles']>().toHaveProperty('modules');
  });

  it('refines only resources of the registry, keeping every derived field and only widening their types', () => {
    expectTypeOf<keyof LocalRecordRefinements>().toExtend<ResourceName>();
    expectTypeOf<{ [N in keyof LocalRecordRefinements]: keyof LocalRecordRefinements[N] }>().toEqualTypeOf<{
      [N in keyof LocalRecordRefinements]: keyof LocalRecordOf<DefinitionNamed<N>>;
    }>();
    expectTypeOf<{ [N in keyof LocalRecordRefinements]: LocalRecordOf<DefinitionNamed<N>> }>().toExtend<LocalRecordRefinements>();
  });
});

/**
 * The fields of a few record types, written out: the type checker holds
 * each list equal to its type's fields (none missing, none extra), the run
 * holds it equal to what the store keeps for the resource.
 */
const KEPT_FIELDS = {
  equipment: {
    name: true,
    slug: true,
    serial_number: true,
    calibration_certificate: true,
    expiration_date: true,
    category_id: true,
    category_key: true,
    type: true,
  },
  product_equipments: { product_id: true, product_key: true, equipment_id: true, equipment_key: true, name: true, slug: true, quantity: true },
  customer_addresses: {
    customer_id: true,
    customer_key: true,
    label: true,
    zipcode: true,
    street: true,
    number: true,
    address: true,
    address2: true,
    district: true,
    city: true,
    state: true,
    country: true,
  },
  sample_files: {
    sample_id: true,
    sample_key: true,
    file_id: true,
    name: true,
    file_name: true,
    url: true,
    type: true,
    size: true,
    sha256: true,
  },
} satisfies { [N in 'equipment' | 'product_equipments' | 'customer_addresses' | 'sample_files']: Record<KeptField<ResourceRecordMap[N]>, true> };

describe('the fields the store keeps', () => {
  const registry = createDefaultRegistry();
  it.each(Object.entries(KEPT_FIELDS))('%s: the record type names exactly them', (name, fields) => {
    expect(localFieldNames(registry.get(name)).sort()).toEqual(Object.keys(fields).sort());
  });
});
