/** /admin/usuarios/ opens the first page of the list. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/usuarios/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/usuarios/lista/$page', params: { page: '1' }, replace: true });
  },
});
