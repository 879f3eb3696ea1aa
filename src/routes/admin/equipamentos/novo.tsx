/** /admin/equipamentos/novo: 'Equipamentos / Adicionar'. */
import { createFileRoute } from '@tanstack/react-router';
import { EquipmentEditPage } from '@/features/equipment/equipment-edit-page';

export const Route = createFileRoute('/admin/equipamentos/novo')({
  component: () => <EquipmentEditPage />,
});
