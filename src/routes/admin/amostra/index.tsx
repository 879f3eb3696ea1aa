/** /admin/amostra/ opens the first page of samples by quotation (samples.md section 2). */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/amostra/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/amostra/lista/$page', params: { page: '1' }, replace: true });
  },
});
