/**
 * The catalog records as the screens read them from the local store: the
 * wire fields (server-made ones such as `slug` are null until the first push),
 * references by local key next to the server id, the local key and the
 * server id. Embedded wire objects (`category`, `type`, `equipments`) are not
 * kept: the screens join by key (the category of an equipment, the lines of
 * an agent), so renames and offline edits show at once.
 */
import type { Cost, Equipment, EquipmentCategory, EquipmentLine, Product, ProductType, Service } from '@sync/contract/catalog';
import type { SamplingMethod } from '@sync/contract/sampling-methods';

export interface LocalRecordBase {
  /** Local key (UUID): the record's identity on the device, also in routes. */
  key: string;
  /** Server id; null until the create is pushed. */
  id: number | null;
  created_at: string | null;
  updated_at: string | null;
}

type Local<T, Embedded extends keyof T = never> = LocalRecordBase &
  Omit<T, 'id' | 'created_at' | 'updated_at' | 'slug' | Embedded> &
  ('slug' extends keyof T ? { slug: string | null } : unknown);

export type LocalProductType = Local<ProductType>;
export type LocalEquipmentCategory = Local<EquipmentCategory>;
export type LocalEquipment = Local<Equipment, 'category'> & { category_key: string | null };
export type LocalProduct = Local<Product, 'type' | 'equipments'> & { type_key: string | null };
export type LocalService = Local<Service, 'equipments'>;
export type LocalCost = Local<Cost>;
/** A sampling method; `agent_ids` are agent server ids (no local keys: see the registry's samplingMethods). */
export type LocalSamplingMethod = Local<SamplingMethod>;

/** One line of an agent's equipment list. */
export type LocalProductEquipment = Local<EquipmentLine, 'name' | 'equipment_id'> & {
  product_key: string;
  product_id: number | null;
  equipment_key: string | null;
  equipment_id: number | null;
  /** The equipment's name (copied when the line is saved here, the server's after a pull). */
  name: string | null;
};

/** One line of a service's equipment list. */
export type LocalServiceEquipment = Local<EquipmentLine, 'name' | 'equipment_id'> & {
  service_key: string;
  service_id: number | null;
  equipment_key: string | null;
  equipment_id: number | null;
  name: string | null;
};

/** Resource name → the record type the hooks return for it. */
export interface ResourceRecordMap {
  product_types: LocalProductType;
  equipment_categories: LocalEquipmentCategory;
  equipment: LocalEquipment;
  products: LocalProduct;
  product_equipments: LocalProductEquipment;
  services: LocalService;
  service_equipments: LocalServiceEquipment;
  costs: LocalCost;
  sampling_methods: LocalSamplingMethod;
}

export type ResourceName = keyof ResourceRecordMap;

/** What a save takes: editable fields, references by local key (or server id). */
export type ResourceInput<R extends ResourceName> = Partial<Omit<ResourceRecordMap[R], keyof LocalRecordBase | 'slug'>>;
