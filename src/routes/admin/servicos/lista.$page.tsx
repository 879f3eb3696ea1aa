/** /admin/servicos/lista/{page}: the Serviços list (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/servicos/lista/$page')({
  component: () => <AreaPlaceholder title="Serviços" />,
});
