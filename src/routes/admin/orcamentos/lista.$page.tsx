/** /admin/orcamentos/lista/{page}: the 'Orçamentos' list (search kept in `?busca=`). */
import { createFileRoute } from '@tanstack/react-router';
import { QuotationListPage } from '@/features/quotations';
import { validateListSearch } from '@/ui/list-page';
import { parsePageParam } from '@/ui/paginator';

export const Route = createFileRoute('/admin/orcamentos/lista/$page')({
  validateSearch: validateListSearch,
  component: QuotationListRoute,
});

function QuotationListRoute() {
  const { page } = Route.useParams();
  const { busca } = Route.useSearch();
  return <QuotationListPage page={parsePageParam(page)} search={busca} />;
}
