/** /admin/equipamentos/lista/{page}: the 'Equipamentos' list (search kept in `?busca=`). */
import { createFileRoute } from '@tanstack/react-router';
import { EquipmentListPage } from '@/features/equipment/equipment-list-page';
import { validateListSearch } from '@/ui/list-page';
import { parsePageParam } from '@/ui/paginator';

export const Route = createFileRoute('/admin/equipamentos/lista/$page')({
  validateSearch: validateListSearch,
  component: EquipmentListRoute,
});

function EquipmentListRoute() {
  const { page } = Route.useParams();
  const { busca } = Route.useSearch();
  return <EquipmentListPage page={parsePageParam(page)} search={busca} />;
}
