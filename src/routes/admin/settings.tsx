/** /admin/settings: 'Configurações' (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/ui/area-placeholder';

export const Route = createFileRoute('/admin/settings')({
  component: () => <AreaPlaceholder title="Configurações" />,
});
