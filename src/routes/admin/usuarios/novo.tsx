/** /admin/usuarios/novo: create (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/ui/area-placeholder';

export const Route = createFileRoute('/admin/usuarios/novo')({
  component: () => <AreaPlaceholder title="Usuários" />,
});
