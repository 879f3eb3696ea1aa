/** /admin/agentes/novo: 'Agente / Adicionar'. */
import { createFileRoute } from '@tanstack/react-router';
import { AgentEditPage } from '@/features/agents/agent-edit-page';

export const Route = createFileRoute('/admin/agentes/novo')({
  component: () => <AgentEditPage />,
});
