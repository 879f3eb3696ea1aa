/** /admin/overview: 'Visão Global', the dashboard. */
import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { readerOf } from '@sync/contract/access';
import { MODULES } from '@sync/contract/modules';
import { navigationFor } from '@/app/navigation/admin-navigation';
import { useSessionState } from '@/app/session/use-session-state';
import { OverviewPage } from '@/features/overview/overview-page';

export const Route = createFileRoute('/admin/overview')({ component: OverviewRoute });

const DESCRIPTIONS = new Map<string, string>(MODULES.map((m) => [m.slug, m.description]));

function OverviewRoute() {
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  const reader = useMemo(() => (user ? readerOf(user) : null), [user]);
  if (!user || !reader) return null;
  const areas = navigationFor(user)
    .filter((item) => item.module !== null)
    .map((item) => ({ label: item.label, to: item.to, description: item.description ?? DESCRIPTIONS.get(item.module ?? '') }));
  return <OverviewPage userName={user.name} areas={areas} reader={reader} />;
}
