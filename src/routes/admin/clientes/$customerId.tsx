/**
 * /admin/clientes/{customerId}: a customer's page; the id is the server id
 * or, before the first push, the local key. Read-only for customer-type users.
 */
import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useSessionState } from '@/app/session/use-session-state';
import { CustomerEditPage, customerRemote, isRestrictedCustomerView } from '@/features/customers';

export const Route = createFileRoute('/admin/clientes/$customerId')({
  component: CustomerEditRoute,
});

function CustomerEditRoute() {
  const { customerId } = Route.useParams();
  const { session, api } = Route.useRouteContext();
  const { user } = useSessionState(session);
  const remote = useMemo(() => customerRemote(api), [api]);
  return <CustomerEditPage customerId={customerId} restricted={isRestrictedCustomerView(user)} remote={remote} />;
}
