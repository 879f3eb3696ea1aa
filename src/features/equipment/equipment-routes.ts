/** The equipment area's routes, for the shared list and record screens. */
import { linkOptions } from '@tanstack/react-router';
import type { RecordRoutes } from '@/ui/list-page';

export const EQUIPMENT_ROUTES: RecordRoutes = {
  list: (page, search) => linkOptions({ to: '/admin/equipamentos/lista/$page', params: { page }, search }),
  create: linkOptions({ to: '/admin/equipamentos/novo' }),
  record: (equipmentId) => linkOptions({ to: '/admin/equipamentos/$equipmentId', params: { equipmentId } }),
};
