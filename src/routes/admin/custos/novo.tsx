/** /admin/custos/novo: create (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/custos/novo')({
  component: () => <AreaPlaceholder title="Custos" />,
});
