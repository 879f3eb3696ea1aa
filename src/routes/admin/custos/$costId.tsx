/** /admin/custos/{costId}: edit (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/custos/$costId')({
  component: () => <AreaPlaceholder title="Custos" />,
});
