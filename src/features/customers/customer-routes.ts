/** The customers area's routes, for the shared list and record screens. */
import { linkOptions } from '@tanstack/react-router';
import type { RecordRoutes } from '@/ui/list-page';

export const CUSTOMER_ROUTES: RecordRoutes = {
  list: (page, search) => linkOptions({ to: '/admin/clientes/lista/$page', params: { page }, search }),
  create: linkOptions({ to: '/admin/clientes/novo' }),
  record: (customerId) => linkOptions({ to: '/admin/clientes/$customerId', params: { customerId } }),
};
