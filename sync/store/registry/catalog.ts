/**
 * The catalog resources of issue 4 (spec core-administration.md, paths in
 * docs/sync-protocol.md): agents (products) and their types, their equipment
 * lines, services and their equipment lines, costs, equipment and equipment
 * categories.
 */
import {
  costInputSchema,
  costSchema,
  equipmentCategoryInputSchema,
  equipmentCategorySchema,
  equipmentInputSchema,
  equipmentLineInputSchema,
  equipmentLineSchema,
  equipmentSchema,
  productInputSchema,
  productSchema,
  productTypeInputSchema,
  productTypeSchema,
  serviceInputSchema,
  serviceSchema,
} from '@sync/contract/catalog';
import { READ_ACCESS } from '@sync/contract/access';
import { samplingMethodInputSchema, samplingMethodLabel, samplingMethodSchema, type SamplingInstitution } from '@sync/contract/sampling-methods';
import { defineResource } from './resource';

const nameAndPrice = { name: 'Nome', price: 'Preço' } as const;
const lineLabels = { equipment_id: 'Equipamento', quantity: 'Quantidade' } as const;

export const productTypes = defineResource({
  name: 'product_types',
  read: READ_ACCESS.productTypes,
  label: 'Tipo de produto',
  paths: {
    list: 'api/product/type',
    create: 'api/product/type',
    update: 'api/product/type/{id}',
    // Documented as DELETE api/product/{id}/type/{typeId}; the server ignores the first id.
    delete: 'api/product/{id}/type/{id}',
  },
  schema: productTypeSchema,
  input: productTypeInputSchema,
  searchable: ['name'],
  fieldLabels: nameAndPrice,
});

export const equipmentCategories = defineResource({
  name: 'equipment_categories',
  read: READ_ACCESS.equipment,
  label: 'Categoria',
  paths: {
    list: 'api/equipment/categories',
    create: 'api/equipment/categories',
    update: 'api/equipment/categories/{id}',
    delete: 'api/equipment/categories/{id}',
  },
  schema: equipmentCategorySchema,
  input: equipmentCategoryInputSchema,
  searchable: ['name'],
  fieldLabels: { name: 'Nome' },
});

export const equipment = defineResource({
  name: 'equipment',
  read: READ_ACCESS.equipment,
  label: 'Equipamento',
  paths: {
    list: 'api/equipment/all/{skip}/{take}',
    create: 'api/equipment',
    update: 'api/equipment/{id}',
    delete: 'api/equipment/{id}',
  },
  schema: equipmentSchema,
  input: equipmentInputSchema,
  embedded: ['category'],
  references: [{ field: 'category_id', keyField: 'category_key', resource: 'equipment_categories', onDelete: 'set-null' }],
  searchable: ['name', 'serial_number', 'calibration_certificate'],
  fieldLabels: {
    name: 'Nome',
    category_id: 'Categoria',
    serial_number: 'Número de Série',
    calibration_certificate: 'Certificado de calibração',
    expiration_date: 'Data de Validade',
    type: 'Tipo',
  },
});

export const products = defineResource({
  name: 'products',
  read: READ_ACCESS.products,
  label: 'Agente',
  paths: {
    list: 'api/product/all/{skip}/{take}',
    create: 'api/product',
    update: 'api/product/{id}',
    delete: 'api/product/{id}',
  },
  schema: productSchema,
  input: productInputSchema,
  embedded: ['type', 'equipments'],
  references: [{ field: 'type_id', keyField: 'type_key', resource: 'product_types', onDelete: 'restrict' }],
  searchable: ['name', 'code', 'cas', 'display_name'],
  fieldLabels: {
    ...nameAndPrice,
    type_id: 'Tipo',
    code: 'Código',
    method: 'Método',
    cas: 'CAS',
    action_in_body: 'Ação no organismo',
    notion_skin: 'Notação pele',
    ipvs: 'IPVS (ppm)',
    odor_limit: 'Limite de odor (ppm)',
    respirator: 'Respirador',
    display_name: 'Nome de exibição',
    unit_type: 'Unidade',
  },
});

export const productEquipments = defineResource({
  name: 'product_equipments',
  label: 'Equipamento do agente',
  paths: {
    create: 'api/product/{parentId}/equipment',
    update: 'api/product/{parentId}/equipment/{id}',
    delete: 'api/product/{parentId}/equipment/{id}',
  },
  schema: equipmentLineSchema,
  input: equipmentLineInputSchema,
  parent: {
    field: 'product_id',
    keyField: 'product_key',
    resource: 'products',
    onDelete: 'cascade',
    embeddedAs: 'equipments',
  },
  references: [
    {
      field: 'equipment_id',
      keyField: 'equipment_key',
      resource: 'equipment',
      onDelete: 'cascade',
      copy: { name: 'name', slug: 'slug' },
    },
  ],
  searchable: ['name'],
  fieldLabels: lineLabels,
});

export const services = defineResource({
  name: 'services',
  read: READ_ACCESS.services,
  label: 'Serviço',
  paths: {
    list: 'api/service/all/{skip}/{take}',
    create: 'api/service',
    update: 'api/service/{id}',
    delete: 'api/service/{id}',
  },
  schema: serviceSchema,
  input: serviceInputSchema,
  embedded: ['equipments'],
  searchable: ['name'],
  fieldLabels: nameAndPrice,
});

export const serviceEquipments = defineResource({
  name: 'service_equipments',
  label: 'Equipamento do serviço',
  paths: {
    create: 'api/service/{parentId}/equipment',
    update: 'api/service/{parentId}/equipment/{id}',
    delete: 'api/service/{parentId}/equipment/{id}',
  },
  schema: equipmentLineSchema,
  input: equipmentLineInputSchema,
  parent: {
    field: 'service_id',
    keyField: 'service_key',
    resource: 'services',
    onDelete: 'cascade',
    embeddedAs: 'equipments',
  },
  references: [
    {
      field: 'equipment_id',
      keyField: 'equipment_key',
      resource: 'equipment',
      onDelete: 'cascade',
      copy: { name: 'name', slug: 'slug' },
    },
  ],
  searchable: ['name'],
  fieldLabels: lineLabels,
});

export const costs = defineResource({
  name: 'costs',
  read: READ_ACCESS.costs,
  label: 'Custo',
  paths: {
    list: 'api/cost/all/{skip}/{take}',
    create: 'api/cost',
    update: 'api/cost/{id}',
    delete: 'api/cost/{id}',
  },
  schema: costSchema,
  input: costInputSchema,
  searchable: ['name'],
  fieldLabels: nameAndPrice,
});

/**
 * Sampling methods (issue 22). `agent_ids` is a list of agent server ids on
 * the method, not a registry reference: an agent created on this device is
 * offered to a method once it has been sent (docs/decisions/sampling-methods.md).
 */
export const samplingMethods = defineResource({
  name: 'sampling_methods',
  read: READ_ACCESS.samplingMethods,
  label: 'Método de amostragem',
  paths: {
    list: 'api/sampling-method/all/{skip}/{take}',
    create: 'api/sampling-method',
    update: 'api/sampling-method/{id}',
    delete: 'api/sampling-method/{id}',
  },
  schema: samplingMethodSchema,
  input: samplingMethodInputSchema,
  searchable: ['institution', 'code', 'description', 'sampler', 'laboratory'],
  fieldLabels: {
    code: 'Código',
    institution: 'Instituição',
    description: 'Descrição',
    sampler: 'Amostrador',
    flow_min: 'Vazão mínima (L/min)',
    flow_max: 'Vazão máxima (L/min)',
    volume_min: 'Volume mínimo (L)',
    volume_max: 'Volume máximo (L)',
    holding_days: 'Prazo até o laboratório (dias)',
    storage_temperature: 'Temperatura de armazenamento',
    laboratory: 'Laboratório',
    agent_ids: 'Agentes',
  },
  title: (record) => samplingMethodLabel({ code: String(record.code ?? ''), institution: record.institution as SamplingInstitution | null }),
  // A save that leaves the agents out keeps none, as an empty list (the wire record always has one), never null.
  derive: (record) => ({ agent_ids: Array.isArray(record.agent_ids) ? record.agent_ids : [] }),
});

/** Resources added after the store's first versions (schema.ts appends a version per group, never edits a shipped one). */
export const SAMPLING_METHOD_RESOURCES = [samplingMethods] as const;

export const CATALOG_RESOURCES = [
  productTypes,
  equipmentCategories,
  equipment,
  products,
  productEquipments,
  services,
  serviceEquipments,
  costs,
] as const;
