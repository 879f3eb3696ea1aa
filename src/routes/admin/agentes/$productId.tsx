/** /admin/agentes/{productId}: an agent's edit page; the id is the server id or, before the first push, the local key. */
import { createFileRoute } from '@tanstack/react-router';
import { AgentEditPage } from '@/features/agents/agent-edit-page';

export const Route = createFileRoute('/admin/agentes/$productId')({
  component: AgentEditRoute,
});

function AgentEditRoute() {
  const { productId } = Route.useParams();
  return <AgentEditPage productId={productId} />;
}
