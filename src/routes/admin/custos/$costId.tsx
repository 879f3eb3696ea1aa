/** /admin/custos/{costId}: a cost's edit page; the id is the server id or, before the first push, the local key. */
import { createFileRoute } from '@tanstack/react-router';
import { CostEditPage } from '@/features/costs/cost-edit-page';

export const Route = createFileRoute('/admin/custos/$costId')({
  component: CostEditRoute,
});

function CostEditRoute() {
  const { costId } = Route.useParams();
  return <CostEditPage costId={costId} />;
}
