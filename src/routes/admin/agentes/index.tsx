/** /admin/agentes/ opens the first page of the list. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/agentes/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/agentes/lista/$page', params: { page: '1' }, replace: true });
  },
});
