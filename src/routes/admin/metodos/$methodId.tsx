/** /admin/metodos/{methodId}: a sampling method's edit page; the id is the server id or, before the first push, the local key. */
import { createFileRoute } from '@tanstack/react-router';
import { SamplingMethodEditPage } from '@/features/sampling-methods/sampling-method-edit-page';

export const Route = createFileRoute('/admin/metodos/$methodId')({
  component: SamplingMethodEditRoute,
});

function SamplingMethodEditRoute() {
  const { methodId } = Route.useParams();
  return <SamplingMethodEditPage methodId={methodId} />;
}
