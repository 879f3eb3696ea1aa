/**
 * The catalog's route modules (issue 4), registered together from
 * server/routes/index.ts: agents and their types and equipment lists,
 * services, costs, equipment and categories, sampling methods (issue 22).
 */
import type { RouteModule } from '../app-context';
import { costRoutes } from './costs';
import { equipmentRoutes } from './equipment';
import { equipmentCategoryRoutes } from './equipment-categories';
import { productEquipmentRoutes } from './product-equipment';
import { productTypeRoutes } from './product-types';
import { productRoutes } from './products';
import { samplingMethodRoutes } from './sampling-methods';
import { serviceRoutes } from './services';

export const catalogRoutes: RouteModule[] = [
  productTypeRoutes,
  productRoutes,
  productEquipmentRoutes,
  serviceRoutes,
  costRoutes,
  equipmentCategoryRoutes,
  equipmentRoutes,
  samplingMethodRoutes,
];
