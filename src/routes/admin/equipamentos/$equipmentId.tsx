/** /admin/equipamentos/{equipmentId}: an equipment's edit page; the id is the server id or, before the first push, the local key. */
import { createFileRoute } from '@tanstack/react-router';
import { EquipmentEditPage } from '@/features/equipment/equipment-edit-page';

export const Route = createFileRoute('/admin/equipamentos/$equipmentId')({
  component: EquipmentEditRoute,
});

function EquipmentEditRoute() {
  const { equipmentId } = Route.useParams();
  return <EquipmentEditPage equipmentId={equipmentId} />;
}
