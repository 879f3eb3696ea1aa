/** The paged list scaffold, its '#' and Opções columns, the list state of a synced area, and the costs/services list. */
export { ListPage, LIST_TEXTS, type ListColumn, type ListPageProps } from './list-page';
export { CellText, cellContent, CELL_TEXT_LINES } from './cell-text';
export { RecordIdCell, ProblemBadge, PendingBadge, RECORD_STATUS_LABELS, SYNC_PAGE_PATH } from './record-id-cell';
export type { RecordRoutes } from './record-routes';
export { validateListSearch, listSearchOf, type ListRouteSearch } from './list-route-search';
export { useRecordList, type RecordList, type RecordListOptions, type RecordListProps } from './use-record-list';
export { recordIdColumn, recordOptionsColumn, NewRecordButton, type RecordOptionsColumn } from './record-columns';
export { NamePriceListPage, type NamePriceListPageProps, type NamePriceListTexts } from './name-price-list-page';
