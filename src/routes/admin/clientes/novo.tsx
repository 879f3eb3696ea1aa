/** /admin/clientes/novo: create (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/clientes/novo')({
  component: () => <AreaPlaceholder title="Clientes" />,
});
