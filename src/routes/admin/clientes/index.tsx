/** /admin/clientes/ opens the first page of the list. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/clientes/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/clientes/lista/$page', params: { page: '1' }, replace: true });
  },
});
