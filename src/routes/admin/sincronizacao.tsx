/** /admin/sincronizacao: the 'Sincronização' page, for every signed-in user. */
import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { transferUserOf } from '@sync/react';
import { useSessionState } from '@/app/session/use-session-state';
import { SyncPage } from '@/features/sync/sync-page';

export const Route = createFileRoute('/admin/sincronizacao')({ component: SyncRoute });

function SyncRoute() {
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  // The user's unsent data goes to and comes from files named after them.
  const transferUser = useMemo(() => (user ? transferUserOf(user) : null), [user]);
  return <SyncPage user={transferUser} />;
}
