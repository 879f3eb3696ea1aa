/** /admin/clientes/{customerId}: edit (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/clientes/$customerId')({
  component: () => <AreaPlaceholder title="Clientes" />,
});
