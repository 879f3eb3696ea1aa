/** /admin/usuarios/novo: 'Usuário / Adicionar'. */
import { createFileRoute } from '@tanstack/react-router';
import { useSessionState } from '@/app/session/use-session-state';
import { UserEditPage } from '@/features/users/user-edit-page';
import { isAdminUser } from '@sync/react';

export const Route = createFileRoute('/admin/usuarios/novo')({ component: NewUserRoute });

function NewUserRoute() {
  const { session } = Route.useRouteContext();
  const { user } = useSessionState(session);
  return user ? <UserEditPage viewer={{ id: user.id, isAdmin: isAdminUser(user) }} /> : null;
}
