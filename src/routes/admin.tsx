/**
 * /admin: the access guard (identity cookie vs stored session, see
 * app/guard) runs before every admin page; the layout renders from the
 * stored session, with no network on the way.
 */
import { createFileRoute } from '@tanstack/react-router';
import { guardAdminAccess } from '../app/guard/admin-guard';
import { AdminLayout } from '../app/layout/admin-layout';

export const Route = createFileRoute('/admin')({
  beforeLoad: ({ context, location }) => guardAdminAccess(context.session, location.href),
  component: AdminLayout,
});
