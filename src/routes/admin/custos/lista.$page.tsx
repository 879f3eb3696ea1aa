/** /admin/custos/lista/{page}: the Custos list (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/custos/lista/$page')({
  component: () => <AreaPlaceholder title="Custos" />,
});
