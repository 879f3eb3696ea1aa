/** /admin/servicos/ opens the first page of the list. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/servicos/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/servicos/lista/$page', params: { page: '1' }, replace: true });
  },
});
