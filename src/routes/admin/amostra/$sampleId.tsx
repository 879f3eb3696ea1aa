/** /admin/amostra/{sampleId}: edit a sample (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/ui/area-placeholder';

export const Route = createFileRoute('/admin/amostra/$sampleId')({
  component: () => <AreaPlaceholder title="Amostras" />,
});
