/** The agents area's routes, for the shared list and record screens. */
import { linkOptions } from '@tanstack/react-router';
import type { RecordRoutes } from '@/ui/list-page';

export const AGENT_ROUTES: RecordRoutes = {
  list: (page, search) => linkOptions({ to: '/admin/agentes/lista/$page', params: { page }, search }),
  create: linkOptions({ to: '/admin/agentes/novo' }),
  record: (productId) => linkOptions({ to: '/admin/agentes/$productId', params: { productId } }),
};
