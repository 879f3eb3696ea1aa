/** /admin/amostra/{sampleId}: a sample's page; the id is the server id or, before the first push, the local key. */
import { createFileRoute } from '@tanstack/react-router';
import { isCustomerUser } from '@sync/react';
import { useSessionState } from '@/app/session/use-session-state';
import { reviewActorOf } from '@/entities/sample';
import { SampleEditPage } from '@/features/samples';

export const Route = createFileRoute('/admin/amostra/$sampleId')({
  component: SampleEditRoute,
});

function SampleEditRoute() {
  const { sampleId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  return <SampleEditPage sampleId={sampleId} readOnly={user ? isCustomerUser(user) : false} viewer={user ? reviewActorOf(user) : undefined} />;
}
