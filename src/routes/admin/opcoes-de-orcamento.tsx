/** /admin/opcoes-de-orcamento: 'Opções de orçamento' (payment conditions, exposition types); administrators edit them. */
import { createFileRoute } from '@tanstack/react-router';
import { isAdminUser } from '@sync/react';
import { useSessionState } from '@/app/session/use-session-state';
import { QuotationOptionsPage } from '@/features/quotations';

export const Route = createFileRoute('/admin/opcoes-de-orcamento')({ component: QuotationOptionsRoute });

function QuotationOptionsRoute() {
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  return user ? <QuotationOptionsPage canEdit={isAdminUser(user)} /> : null;
}
