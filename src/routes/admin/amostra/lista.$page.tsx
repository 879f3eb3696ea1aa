/** /admin/amostra/lista/{page}: samples grouped by quotation (samples.md section 2; search kept in `?busca=`). */
import { createFileRoute } from '@tanstack/react-router';
import { mayRead, READ_ACCESS, readerOf } from '@sync/contract/access';
import { useSessionState } from '@/app/session/use-session-state';
import { SampleGroupsPage } from '@/features/samples';
import { validateListSearch } from '@/ui/list-page';
import { parsePageParam } from '@/ui/paginator';

export const Route = createFileRoute('/admin/amostra/lista/$page')({
  validateSearch: validateListSearch,
  component: SampleGroupsRoute,
});

function SampleGroupsRoute() {
  const { page } = Route.useParams();
  const { busca } = Route.useSearch();
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  const canSeeQuotations = user ? mayRead(readerOf(user), READ_ACCESS.quotations) : false;
  return <SampleGroupsPage page={parsePageParam(page)} search={busca} canSeeQuotations={canSeeQuotations} />;
}
