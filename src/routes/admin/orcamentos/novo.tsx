/** /admin/orcamentos/novo: 'Orçamento / Adicionar' (the signed-in user is the seller). */
import { createFileRoute } from '@tanstack/react-router';
import { isAdminUser } from '@sync/react';
import { useSessionState } from '@/app/session/use-session-state';
import { QuotationEditPage } from '@/features/quotations';

export const Route = createFileRoute('/admin/orcamentos/novo')({
  component: QuotationNewRoute,
});

function QuotationNewRoute() {
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  return <QuotationEditPage sellerName={user?.name ?? ''} sellerId={user?.id ?? null} canChooseSeller={user ? isAdminUser(user) : false} />;
}
