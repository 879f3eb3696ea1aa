/** /admin/clientes/lista/{page}: the 'Clientes' list (search kept in `?busca=`); restricted for customer-type users. */
import { createFileRoute } from '@tanstack/react-router';
import { useSessionState } from '@/app/session/use-session-state';
import { CustomerListPage, isRestrictedCustomerView } from '@/features/customers';
import { validateListSearch } from '@/ui/list-page';
import { parsePageParam } from '@/ui/paginator';

export const Route = createFileRoute('/admin/clientes/lista/$page')({
  validateSearch: validateListSearch,
  component: CustomerListRoute,
});

function CustomerListRoute() {
  const { page } = Route.useParams();
  const { busca } = Route.useSearch();
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  return <CustomerListPage page={parsePageParam(page)} search={busca} restricted={isRestrictedCustomerView(user)} />;
}
