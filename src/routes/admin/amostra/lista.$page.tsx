/** /admin/amostra/lista/{page}: samples grouped by quotation (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/ui/area-placeholder';

export const Route = createFileRoute('/admin/amostra/lista/$page')({
  component: () => <AreaPlaceholder title="Amostras" />,
});
