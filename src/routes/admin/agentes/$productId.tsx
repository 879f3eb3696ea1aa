/** /admin/agentes/{productId}: edit (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/agentes/$productId')({
  component: () => <AreaPlaceholder title="Agentes" />,
});
