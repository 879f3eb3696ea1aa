/** /admin/equipamentos/novo: create (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/equipamentos/novo')({
  component: () => <AreaPlaceholder title="Equipamentos" />,
});
