/** /admin/amostra/lista/{quotationId}/{page}: the samples of one quotation (samples.md section 2); read only for customer-type users. */
import { createFileRoute } from '@tanstack/react-router';
import { isCustomerUser } from '@sync/react';
import { useSessionState } from '@/app/session/use-session-state';
import { SampleListPage } from '@/features/samples';
import { validateListSearch } from '@/ui/list-page';
import { parsePageParam } from '@/ui/paginator';

export const Route = createFileRoute('/admin/amostra/lista/$quotationId/$page')({
  validateSearch: validateListSearch,
  component: SampleListRoute,
});

function SampleListRoute() {
  const { quotationId, page } = Route.useParams();
  const { busca } = Route.useSearch();
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  return <SampleListPage quotationId={quotationId} page={parsePageParam(page)} search={busca} readOnly={user ? isCustomerUser(user) : false} />;
}
