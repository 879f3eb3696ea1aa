/** The users area's routes, for the shared list and record screens. */
import { linkOptions } from '@tanstack/react-router';
import type { RecordRoutes } from '@/ui/list-page';

export const USER_ROUTES: RecordRoutes = {
  list: (page, search) => linkOptions({ to: '/admin/usuarios/lista/$page', params: { page }, search }),
  create: linkOptions({ to: '/admin/usuarios/novo' }),
  record: (userId) => linkOptions({ to: '/admin/usuarios/$userId', params: { userId } }),
};
