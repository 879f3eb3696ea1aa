/**
 * The pieces every synced list repeats: the '#' column, the Opções column
 * (Editar opens the record's page, Deletar asks first) and the 'Novo …'
 * button.
 */
import { Button, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { RecordProblem } from '@sync/react/use-outbox-problems';
import { routeParamOf } from '@sync/react/use-route-record';
import { LIST_TEXTS, type ListColumn } from './list-page';
import { RecordIdCell } from './record-id-cell';
import type { RecordRoutes } from './record-routes';

interface ListedRecord {
  key: string;
  id: number | null;
}

export function recordIdColumn<T extends ListedRecord>(header: string, problems: ReadonlyMap<string, RecordProblem>): ListColumn<T> {
  // 90 px hold an id or 'Pendente'; a second badge ('Falhou') wraps under it.
  return { id: 'id', header, width: 110, minWidth: 90, render: (row) => <RecordIdCell id={row.id} problem={problems.get(row.key)} /> };
}

export interface RecordOptionsColumn<T> {
  texts: { edit: string; delete: string };
  routes: RecordRoutes;
  onDelete: (row: T) => void;
  /** Deletar before Editar: the equipment list's order. */
  deleteFirst?: boolean;
}

export function recordOptionsColumn<T extends ListedRecord>({ texts, routes, onDelete, deleteFirst = false }: RecordOptionsColumn<T>): ListColumn<T> {
  return {
    id: 'options',
    header: LIST_TEXTS.options,
    width: 180,
    actions: true,
    render: (row) => {
      const edit = (
        <Button key="edit" size="xs" variant="default" renderRoot={(props) => <Link {...props} {...routes.record(routeParamOf(row))} />}>
          {texts.edit}
        </Button>
      );
      const remove = (
        <Button key="delete" size="xs" color="red" variant="light" onClick={() => onDelete(row)}>
          {texts.delete}
        </Button>
      );
      return (
        <Group gap="xs" wrap="nowrap">
          {deleteFirst ? [remove, edit] : [edit, remove]}
        </Group>
      );
    },
  };
}

export function NewRecordButton({ routes, label }: { routes: RecordRoutes; label: string }) {
  return <Button renderRoot={(props) => <Link {...props} {...routes.create} />}>{label}</Button>;
}
