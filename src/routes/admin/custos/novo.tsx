/** /admin/custos/novo: 'Custo / Adicionar'. */
import { createFileRoute } from '@tanstack/react-router';
import { CostEditPage } from '@/features/costs/cost-edit-page';

export const Route = createFileRoute('/admin/custos/novo')({
  component: () => <CostEditPage />,
});
