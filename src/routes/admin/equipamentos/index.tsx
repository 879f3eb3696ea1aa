/** /admin/equipamentos/ opens the first page of the list. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/equipamentos/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/equipamentos/lista/$page', params: { page: '1' }, replace: true });
  },
});
