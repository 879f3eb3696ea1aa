/** Paged lists: the paginator, its arithmetic and the debounced search. */
export { Paginator } from './paginator';
export type { PaginatorProps } from './paginator';
export { pageWindow, parsePageParam, EMPTY_PAGE_LABEL } from './page-window';
export type { PageWindow } from './page-window';
export { useListSearch, LIST_SEARCH_DEBOUNCE_MS } from './use-list-search';
export type { ListSearch } from './use-list-search';
