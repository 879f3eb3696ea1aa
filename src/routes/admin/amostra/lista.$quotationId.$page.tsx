/** /admin/amostra/lista/{quotationId}/{page}: samples of one quotation (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/ui/area-placeholder';

export const Route = createFileRoute('/admin/amostra/lista/$quotationId/$page')({
  component: () => <AreaPlaceholder title="Amostras" />,
});
