/** /admin/orcamentos/lista/{page}: the Orçamentos list (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/orcamentos/lista/$page')({
  component: () => <AreaPlaceholder title="Orçamentos" />,
});
