/** /admin/usuarios/{userId}: edit (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/ui/area-placeholder';

export const Route = createFileRoute('/admin/usuarios/$userId')({
  component: () => <AreaPlaceholder title="Usuários" />,
});
