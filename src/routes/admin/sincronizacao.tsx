/** /admin/sincronizacao: the 'Sincronização' page, for every signed-in user. */
import { createFileRoute } from '@tanstack/react-router';
import { SyncPage } from '@/features/sync/sync-page';

export const Route = createFileRoute('/admin/sincronizacao')({ component: SyncPage });
