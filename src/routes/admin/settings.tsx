/** /admin/settings: 'Configurações'; the 'Controle de acesso' tab for administrators only. */
import { createFileRoute } from '@tanstack/react-router';
import { isAdminUser } from '@sync/react';
import { useSessionState } from '@/app/session/use-session-state';
import { SettingsPage } from '@/features/settings';

export const Route = createFileRoute('/admin/settings')({ component: SettingsRoute });

function SettingsRoute() {
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  return user ? <SettingsPage isAdmin={isAdminUser(user)} /> : null;
}
