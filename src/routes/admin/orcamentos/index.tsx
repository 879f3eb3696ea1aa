/** /admin/orcamentos/ opens the first page of the list. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/orcamentos/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/orcamentos/lista/$page', params: { page: '1' }, replace: true });
  },
});
