/** /admin/clientes/novo: 'Cliente / Adicionar' (customer-type users go back to the list). */
import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useSessionState } from '@/app/session/use-session-state';
import { CustomerEditPage, customerRemote, isRestrictedCustomerView } from '@/features/customers';

export const Route = createFileRoute('/admin/clientes/novo')({
  component: CustomerNewRoute,
});

function CustomerNewRoute() {
  const { session, api } = Route.useRouteContext();
  const { user } = useSessionState(session);
  const remote = useMemo(() => customerRemote(api), [api]);
  return <CustomerEditPage restricted={isRestrictedCustomerView(user)} remote={remote} />;
}
