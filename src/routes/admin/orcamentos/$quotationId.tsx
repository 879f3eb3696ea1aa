/** /admin/orcamentos/{quotationId}: edit (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '../../../ui/area-placeholder';

export const Route = createFileRoute('/admin/orcamentos/$quotationId')({
  component: () => <AreaPlaceholder title="Orçamentos" />,
});
