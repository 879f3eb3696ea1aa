/** /admin/servicos/lista/{page}: the 'Serviços' list (search kept in `?busca=`). */
import { createFileRoute } from '@tanstack/react-router';
import { ServiceListPage } from '@/features/services/service-list-page';
import { validateListSearch } from '@/ui/list-page';
import { parsePageParam } from '@/ui/paginator';

export const Route = createFileRoute('/admin/servicos/lista/$page')({
  validateSearch: validateListSearch,
  component: ServiceListRoute,
});

function ServiceListRoute() {
  const { page } = Route.useParams();
  const { busca } = Route.useSearch();
  return <ServiceListPage page={parsePageParam(page)} search={busca} />;
}
