/**
 * The state of a synced area's list screen: the page and applied search kept
 * in the URL (a new search and a delete go back to page 1 of that search; a
 * page past the last one is replaced by the last), the local rows, their
 * sync problems, and the delete with its confirmation.
 */
import { useNavigate } from '@tanstack/react-router';
import { useLocalPage, type LocalPageState } from '@sync/react/use-local-page';
import type { PageQuery, ResourceName, ResourceRecordMap } from '@sync/react';
import { useOutboxProblems, type RecordProblem } from '@sync/react/use-outbox-problems';
import { useSyncActions } from '@sync/react/use-sync-actions';
import { useConfirmDelete, type ConfirmDelete } from '../confirm-delete';
import { useListSearch, type ListSearch } from '../paginator/use-list-search';
import { listSearchOf } from './list-route-search';
import type { RecordRoutes } from './record-routes';

export interface RecordListOptions<R extends ResourceName> {
  resource: R;
  page: number;
  /** The search in the URL when the page opened. */
  search: string;
  routes: RecordRoutes;
  deletedMessage: string;
  /** A filter besides the search (the quotations' status); a change of filter is the caller's to send back to page 1. */
  where?: PageQuery['where'];
  /** Replaces the plain local delete (to reword its failure). */
  deleteRun?: (record: ResourceRecordMap[R]) => Promise<unknown>;
  /** The search's pause when the spec gives the list its own (equipment: 400 ms); the paginator's 800 ms otherwise. */
  searchDelayMs?: number;
}

/** The props of `ListPage` that come from the URL and the store. */
export interface RecordListProps<T> {
  search: ListSearch;
  state: LocalPageState<T>;
  page: number;
  onPageChange: (page: number) => void;
  onOutOfRange: (lastPage: number) => void;
  rowKey: (row: T) => string;
}

export interface RecordList<T> {
  listProps: RecordListProps<T>;
  problems: ReadonlyMap<string, RecordProblem>;
  remove: ConfirmDelete<T>;
}

export function useRecordList<R extends ResourceName>({
  resource,
  page,
  search,
  routes,
  deletedMessage,
  where,
  deleteRun,
  searchDelayMs,
}: RecordListOptions<R>): RecordList<ResourceRecordMap[R]> {
  const navigate = useNavigate();
  const goTo = (target: number, applied: string, replace = false) =>
    void navigate({ ...routes.list(String(target), listSearchOf(applied)), replace });
  const listSearch = useListSearch({ initial: search, onApplied: (applied) => goTo(1, applied), delayMs: searchDelayMs });
  const state = useLocalPage(resource, { search: listSearch.applied, page, where });
  const problems = useOutboxProblems(resource);
  const { deleteRecord } = useSyncActions();
  const remove = useConfirmDelete<ResourceRecordMap[R]>({
    run: deleteRun ?? ((record) => deleteRecord(resource, record.key)),
    successMessage: deletedMessage,
    onDeleted: () => goTo(1, listSearch.applied),
  });
  return {
    listProps: {
      search: listSearch,
      state,
      page,
      onPageChange: (target) => goTo(target, listSearch.applied),
      onOutOfRange: (last) => goTo(last, listSearch.applied, true),
      rowKey: (row) => row.key,
    },
    problems,
    remove,
  };
}
