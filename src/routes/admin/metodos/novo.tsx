/** /admin/metodos/novo: 'Métodos de amostragem / Adicionar'. */
import { createFileRoute } from '@tanstack/react-router';
import { SamplingMethodEditPage } from '@/features/sampling-methods/sampling-method-edit-page';

export const Route = createFileRoute('/admin/metodos/novo')({
  component: () => <SamplingMethodEditPage />,
});
