/** /admin/agentes/lista/{page}: the Agentes list (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/agentes/lista/$page')({
  component: () => <AreaPlaceholder title="Agentes" />,
});
