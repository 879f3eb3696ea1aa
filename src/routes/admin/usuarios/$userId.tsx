/** /admin/usuarios/{userId}: a user's edit page (with 'Novo usuário'). */
import { createFileRoute } from '@tanstack/react-router';
import { useSessionState } from '@/app/session/use-session-state';
import { UserEditPage } from '@/features/users/user-edit-page';
import { isAdminUser } from '@sync/react';

export const Route = createFileRoute('/admin/usuarios/$userId')({ component: UserEditRoute });

function UserEditRoute() {
  const { userId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  return user ? <UserEditPage key={userId} userId={userId} viewer={{ id: user.id, isAdmin: isAdminUser(user) }} /> : null;
}
