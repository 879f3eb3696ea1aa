/** The paged list scaffold and its '#' column (server id, 'Pendente', sync problems). */
export { ListPage, LIST_TEXTS, type ListColumn, type ListPageProps } from './list-page';
export { RecordIdCell, ProblemBadge, PendingBadge, RECORD_STATUS_LABELS, SYNC_PAGE_PATH } from './record-id-cell';
export type { RecordRoutes } from './record-routes';
export { validateListSearch, listSearchOf, type ListRouteSearch } from './list-route-search';
