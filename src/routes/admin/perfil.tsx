/** /admin/perfil: 'Perfil do usuário' for the signed-in user; a save replaces the session's user. */
import { createFileRoute } from '@tanstack/react-router';
import { useSessionState } from '@/app/session/use-session-state';
import { ProfilePage } from '@/features/profile/profile-page';

export const Route = createFileRoute('/admin/perfil')({ component: ProfileRoute });

function ProfileRoute() {
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  return user ? <ProfilePage key={user.id} user={user} onSaved={(saved) => session.setUser(saved)} /> : null;
}
