/** /admin/agentes/lista/{page}: the 'Agentes' list (search kept in `?busca=`). */
import { createFileRoute } from '@tanstack/react-router';
import { AgentListPage } from '@/features/agents/agent-list-page';
import { validateListSearch } from '@/ui/list-page';
import { parsePageParam } from '@/ui/paginator';

export const Route = createFileRoute('/admin/agentes/lista/$page')({
  validateSearch: validateListSearch,
  component: AgentListRoute,
});

function AgentListRoute() {
  const { page } = Route.useParams();
  const { busca } = Route.useSearch();
  return <AgentListPage page={parsePageParam(page)} search={busca} />;
}
