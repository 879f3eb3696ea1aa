/** /admin/servicos/{serviceId}: a service's edit page; the id is the server id or, before the first push, the local key. */
import { createFileRoute } from '@tanstack/react-router';
import { ServiceEditPage } from '@/features/services/service-edit-page';

export const Route = createFileRoute('/admin/servicos/$serviceId')({
  component: ServiceEditRoute,
});

function ServiceEditRoute() {
  const { serviceId } = Route.useParams();
  return <ServiceEditPage serviceId={serviceId} />;
}
