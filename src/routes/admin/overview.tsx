/** /admin/overview: 'Visão Global'. */
import { createFileRoute } from '@tanstack/react-router';
import { MODULES } from '@sync/contract/modules';
import { navigationFor } from '@/app/navigation/admin-navigation';
import { useSessionState } from '@/app/session/use-session-state';
import { OverviewPage } from '@/features/overview/overview-page';

export const Route = createFileRoute('/admin/overview')({ component: OverviewRoute });

const DESCRIPTIONS = new Map<string, string>(MODULES.map((m) => [m.slug, m.description]));

function OverviewRoute() {
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  if (!user) return null;
  const areas = navigationFor(user)
    .filter((item) => item.module !== null)
    .map((item) => ({ label: item.label, to: item.to, description: item.description ?? DESCRIPTIONS.get(item.module ?? '') }));
  return <OverviewPage userName={user.name} areas={areas} />;
}
