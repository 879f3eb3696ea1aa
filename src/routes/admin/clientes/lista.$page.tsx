/** /admin/clientes/lista/{page}: the Clientes list (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/clientes/lista/$page')({
  component: () => <AreaPlaceholder title="Clientes" />,
});
