/** The costs area's routes, for the shared list and record screens. */
import { linkOptions } from '@tanstack/react-router';
import type { RecordRoutes } from '@/ui/list-page';

export const COST_ROUTES: RecordRoutes = {
  list: (page, search) => linkOptions({ to: '/admin/custos/lista/$page', params: { page }, search }),
  create: linkOptions({ to: '/admin/custos/novo' }),
  record: (costId) => linkOptions({ to: '/admin/custos/$costId', params: { costId } }),
};
