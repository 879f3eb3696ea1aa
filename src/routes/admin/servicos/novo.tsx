/** /admin/servicos/novo: 'Serviço / Adicionar'. */
import { createFileRoute } from '@tanstack/react-router';
import { ServiceEditPage } from '@/features/services/service-edit-page';

export const Route = createFileRoute('/admin/servicos/novo')({
  component: () => <ServiceEditPage />,
});
