/** /admin/equipamentos/lista/{page}: the Equipamentos list (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/equipamentos/lista/$page')({
  component: () => <AreaPlaceholder title="Equipamentos" />,
});
