/** The sampling-method area's routes, for the shared list and record screens. */
import { linkOptions } from '@tanstack/react-router';
import type { RecordRoutes } from '@/ui/list-page';

export const SAMPLING_METHOD_ROUTES: RecordRoutes = {
  list: (page, search) => linkOptions({ to: '/admin/metodos/lista/$page', params: { page }, search }),
  create: linkOptions({ to: '/admin/metodos/novo' }),
  record: (methodId) => linkOptions({ to: '/admin/metodos/$methodId', params: { methodId } }),
};
