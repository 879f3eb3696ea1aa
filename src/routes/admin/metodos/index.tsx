/** /admin/metodos/ opens the first page of the sampling-method list. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/metodos/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/metodos/lista/$page', params: { page: '1' }, replace: true });
  },
});
