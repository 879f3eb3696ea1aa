/** The quotations area's routes, for the shared list and record screens (and the customer link of the list). */
import { linkOptions } from '@tanstack/react-router';
import type { RecordRoutes } from '@/ui/list-page';

export const QUOTATION_ROUTES: RecordRoutes = {
  list: (page, search) => linkOptions({ to: '/admin/orcamentos/lista/$page', params: { page }, search }),
  create: linkOptions({ to: '/admin/orcamentos/novo' }),
  record: (quotationId) => linkOptions({ to: '/admin/orcamentos/$quotationId', params: { quotationId } }),
};

/** A customer's page (the Cliente column links to it; the customers feature is not imported). */
export const customerRoute = (customerId: string) => linkOptions({ to: '/admin/clientes/$customerId', params: { customerId } });
