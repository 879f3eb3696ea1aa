/**
 * 'Equipamentos' (/admin/equipamentos/lista/{page}): the local equipment,
 * searched (name, serial number, certificate) and paged, with its category,
 * the expiry date and a 'Vencido' badge once the calibration has expired;
 * 'Novo equipamento', Deletar (with confirmation) and Editar per row.
 */
import { useMemo } from 'react';
import { Button, Group } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLocalPage } from '../../../sync/react/use-local-page';
import { useLocalList } from '../../../sync/react/use-local-record';
import { useOutboxProblems } from '../../../sync/react/use-outbox-problems';
import { routeParamOf } from '../../../sync/react/use-route-record';
import { useSyncActions } from '../../../sync/react/use-sync-actions';
import type { LocalEquipment } from '../../../sync/store/registry/catalog-records';
import { useConfirmDelete } from '../../ui/confirm-delete';
import { ExpiryBadge } from '../../ui/equipment';
import { formatDate } from '../../ui/format';
import { todayIso } from '../../ui/inputs';
import { ListPage, listSearchOf, RecordIdCell, LIST_TEXTS, type ListColumn } from '../../ui/list-page';
import { useListSearch } from '../../ui/paginator';
import { EQUIPMENT_TEXTS } from './equipment-texts';

export interface EquipmentListPageProps {
  page: number;
  search?: string;
}

export function EquipmentListPage({ page, search = '' }: EquipmentListPageProps) {
  const navigate = useNavigate();
  const goTo = (target: number, applied: string, replace = false) =>
    void navigate({ to: '/admin/equipamentos/lista/$page', params: { page: String(target) }, search: listSearchOf(applied), replace });
  const listSearch = useListSearch({ initial: search, onApplied: (applied) => goTo(1, applied) });
  const state = useLocalPage('equipment', { search: listSearch.applied, page });
  const categories = useLocalList('equipment_categories');
  const problems = useOutboxProblems('equipment');
  const { deleteRecord } = useSyncActions();
  const remove = useConfirmDelete<LocalEquipment>({
    run: (equipment) => deleteRecord('equipment', equipment.key),
    successMessage: EQUIPMENT_TEXTS.deleted,
    onDeleted: () => goTo(1, listSearch.applied),
  });
  const categoryNames = useMemo(
    () => new Map(categories.loading ? [] : categories.rows.map((category) => [category.key, category.name])),
    [categories],
  );
  const today = todayIso();

  const columns: ListColumn<LocalEquipment>[] = [
    { id: 'id', header: EQUIPMENT_TEXTS.columns.id, width: 110, render: (item) => <RecordIdCell id={item.id} problem={problems.get(item.key)} /> },
    { id: 'name', header: EQUIPMENT_TEXTS.columns.name, render: (item) => item.name },
    { id: 'serial', header: EQUIPMENT_TEXTS.columns.serial, render: (item) => item.serial_number ?? '' },
    {
      id: 'category',
      header: EQUIPMENT_TEXTS.columns.category,
      render: (item) => (item.category_key ? (categoryNames.get(item.category_key) ?? '') : ''),
    },
    {
      id: 'expiry',
      header: EQUIPMENT_TEXTS.columns.expiry,
      render: (item) => (
        <Group gap="xs" wrap="nowrap">
          <span>{formatDate(item.expiration_date)}</span>
          <ExpiryBadge expirationDate={item.expiration_date} today={today} />
        </Group>
      ),
    },
    {
      id: 'options',
      header: LIST_TEXTS.options,
      width: 180,
      render: (item) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" color="red" variant="light" onClick={() => remove.request(item)}>
            {EQUIPMENT_TEXTS.delete}
          </Button>
          <Button
            size="xs"
            variant="default"
            renderRoot={(props) => <Link {...props} to="/admin/equipamentos/$equipmentId" params={{ equipmentId: routeParamOf(item) }} />}
          >
            {EQUIPMENT_TEXTS.edit}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <ListPage
      title={EQUIPMENT_TEXTS.listTitle}
      actions={
        <Button renderRoot={(props) => <Link {...props} to="/admin/equipamentos/novo" />}>{EQUIPMENT_TEXTS.newButton}</Button>
      }
      search={listSearch}
      state={state}
      page={page}
      onPageChange={(target) => goTo(target, listSearch.applied)}
      onOutOfRange={(last) => goTo(last, listSearch.applied, true)}
      columns={columns}
      rowKey={(item) => item.key}
      emptyText={EQUIPMENT_TEXTS.empty}
    >
      {remove.modal({ title: EQUIPMENT_TEXTS.confirmDeleteTitle, message: EQUIPMENT_TEXTS.confirmDelete })}
    </ListPage>
  );
}
