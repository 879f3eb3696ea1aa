/** The services area's routes, for the shared list and record screens. */
import { linkOptions } from '@tanstack/react-router';
import type { RecordRoutes } from '@/ui/list-page';

export const SERVICE_ROUTES: RecordRoutes = {
  list: (page, search) => linkOptions({ to: '/admin/servicos/lista/$page', params: { page }, search }),
  create: linkOptions({ to: '/admin/servicos/novo' }),
  record: (serviceId) => linkOptions({ to: '/admin/servicos/$serviceId', params: { serviceId } }),
};
