/** /admin/custos/lista/{page}: the 'Custos' list (search kept in `?busca=`). */
import { createFileRoute } from '@tanstack/react-router';
import { CostListPage } from '@/features/costs/cost-list-page';
import { validateListSearch } from '@/ui/list-page';
import { parsePageParam } from '@/ui/paginator';

export const Route = createFileRoute('/admin/custos/lista/$page')({
  validateSearch: validateListSearch,
  component: CostListRoute,
});

function CostListRoute() {
  const { page } = Route.useParams();
  const { busca } = Route.useSearch();
  return <CostListPage page={parsePageParam(page)} search={busca} />;
}
