/**
 * The list screen of costs and services: the same screen (#, Nome, Preço,
 * Opções in a titled card) with each area's texts and routes.
 */
import type { LocalCost, LocalService } from '@sync/react';
import { formatMoney } from '../format';
import { ListPage, type ListColumn } from './list-page';
import { NewRecordButton, recordIdColumn, recordOptionsColumn } from './record-columns';
import type { RecordRoutes } from './record-routes';
import { useRecordList } from './use-record-list';

export interface NamePriceListTexts {
  listTitle: string;
  card: string;
  newButton: string;
  empty: string;
  confirmDelete: string;
  deleted: string;
  columns: { id: string; name: string; price: string };
  edit: string;
  delete: string;
}

export interface NamePriceListPageProps {
  resource: 'costs' | 'services';
  page: number;
  /** The search in the URL when the page opened. */
  search: string;
  texts: NamePriceListTexts;
  routes: RecordRoutes;
}

export function NamePriceListPage({ resource, page, search, texts, routes }: NamePriceListPageProps) {
  const { listProps, problems, remove } = useRecordList({ resource, page, search, routes, deletedMessage: texts.deleted });
  const columns: ListColumn<LocalCost | LocalService>[] = [
    recordIdColumn(texts.columns.id, problems),
    { id: 'name', header: texts.columns.name, render: (row) => row.name },
    { id: 'price', header: texts.columns.price, nowrap: true, render: (row) => formatMoney(row.price) },
    recordOptionsColumn({ texts, routes, onDelete: remove.request }),
  ];
  return (
    <ListPage
      title={texts.listTitle}
      actions={<NewRecordButton routes={routes} label={texts.newButton} />}
      cardTitle={texts.card}
      {...listProps}
      columns={columns}
      emptyText={texts.empty}
    >
      {remove.modal({ message: texts.confirmDelete })}
    </ListPage>
  );
}
