/** /admin/usuarios/lista/{page}: the Usuários list (not built yet). */
import { createFileRoute } from '@tanstack/react-router';
import { AreaPlaceholder } from '@/ui/area-placeholder';

export const Route = createFileRoute('/admin/usuarios/lista/$page')({
  component: () => <AreaPlaceholder title="Usuários" />,
});
