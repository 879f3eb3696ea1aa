/** /admin/usuarios/lista/{page}: the 'Usuários' list (search kept in `?busca=`). */
import { createFileRoute } from '@tanstack/react-router';
import { UserListPage } from '@/features/users/user-list-page';
import { validateListSearch } from '@/ui/list-page';
import { parsePageParam } from '@/ui/paginator';

export const Route = createFileRoute('/admin/usuarios/lista/$page')({
  validateSearch: validateListSearch,
  component: UserListRoute,
});

function UserListRoute() {
  const { page } = Route.useParams();
  const { busca } = Route.useSearch();
  return <UserListPage page={parsePageParam(page)} search={busca} />;
}
