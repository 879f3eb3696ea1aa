/** /admin/metodos/lista/{page}: the 'Métodos de amostragem' list (search kept in `?busca=`). */
import { createFileRoute } from '@tanstack/react-router';
import { SamplingMethodListPage } from '@/features/sampling-methods/sampling-method-list-page';
import { validateListSearch } from '@/ui/list-page';
import { parsePageParam } from '@/ui/paginator';

export const Route = createFileRoute('/admin/metodos/lista/$page')({
  validateSearch: validateListSearch,
  component: SamplingMethodListRoute,
});

function SamplingMethodListRoute() {
  const { page } = Route.useParams();
  const { busca } = Route.useSearch();
  return <SamplingMethodListPage page={parsePageParam(page)} search={busca} />;
}
