/** /admin/equipamentos/{equipmentId}: edit (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/equipamentos/$equipmentId')({
  component: () => <AreaPlaceholder title="Equipamentos" />,
});
