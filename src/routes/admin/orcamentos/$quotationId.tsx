/** /admin/orcamentos/{quotationId}: a quotation's page; the id is the server id or, before the first push, the local key. */
import { createFileRoute } from '@tanstack/react-router';
import { isAdminUser } from '@sync/react';
import { sampleAccessOf } from '@/app/guard/module-access';
import { useSessionState } from '@/app/session/use-session-state';
import { QuotationEditPage } from '@/features/quotations';

export const Route = createFileRoute('/admin/orcamentos/$quotationId')({
  component: QuotationEditRoute,
});

function QuotationEditRoute() {
  const { quotationId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  return (
    <QuotationEditPage
      quotationId={quotationId}
      sellerName={user?.name ?? ''}
      sellerId={user?.id ?? null}
      canChooseSeller={user ? isAdminUser(user) : false}
      samples={sampleAccessOf(user)}
    />
  );
}
