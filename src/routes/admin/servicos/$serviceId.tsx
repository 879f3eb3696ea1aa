/** /admin/servicos/{serviceId}: edit (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/servicos/$serviceId')({
  component: () => <AreaPlaceholder title="Serviços" />,
});
