/** /admin/custos/ opens the first page of the list. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/custos/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/custos/lista/$page', params: { page: '1' }, replace: true });
  },
});
