/**
 * The catalog records as the screens read them from the local store,
 * derived from the definitions (catalog.ts; see local-record-types.ts): the
 * wire fields, references by local key next to the server id, the local key
 * and the server id. Embedded wire objects (`category`, `type`,
 * `equipments`) are not kept: the screens join by key (the category of an
 * equipment, the lines of an agent), so renames and offline edits show at once.
 */
import type {
  costs,
  equipment,
  equipmentCategories,
  productEquipments,
  products,
  productTypes,
  samplingMethods,
  serviceEquipments,
  services,
} from './catalog';
import type { LocalRecordOf, NullUntilPushed } from './local-record-types';

export type { ResourceInput, ResourceName, ResourceRecordMap } from './record-map';

/*
 * The server makes the slug from the name: null on a record created here
 * until the server answers (NullUntilPushed; a line's slug is copied from its
 * equipment, nullable by derivation).
 */
export type LocalProductType = NullUntilPushed<LocalRecordOf<typeof productTypes>, 'slug'>;
export type LocalEquipmentCategory = LocalRecordOf<typeof equipmentCategories>;
export type LocalEquipment = NullUntilPushed<LocalRecordOf<typeof equipment>, 'slug'>;
export type LocalProduct = NullUntilPushed<LocalRecordOf<typeof products>, 'slug'>;
export type LocalService = NullUntilPushed<LocalRecordOf<typeof services>, 'slug'>;
export type LocalCost = NullUntilPushed<LocalRecordOf<typeof costs>, 'slug'>;
/** A sampling method; `agent_ids` are agent server ids (no local keys: see the registry's samplingMethods). */
export type LocalSamplingMethod = LocalRecordOf<typeof samplingMethods>;

/** One line of an agent's equipment list; its `name` and `slug` are the equipment's (copied when the line is saved here, the server's after a pull). */
export type LocalProductEquipment = LocalRecordOf<typeof productEquipments>;

/** One line of a service's equipment list. */
export type LocalServiceEquipment = LocalRecordOf<typeof serviceEquipments>;

declare module './local-record-types' {
  interface LocalRecordRefinements {
    product_types: LocalProductType;
    equipment: LocalEquipment;
    products: LocalProduct;
    services: LocalService;
    costs: LocalCost;
  }
}
