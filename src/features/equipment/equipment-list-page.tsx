/**
 * 'Equipamentos' (/admin/equipamentos/lista/{page}): the local equipment,
 * searched (name, serial number, certificate; applied 400 ms after the
 * last keystroke) and paged, with its category,
 * the expiry date and a 'Vencido' badge once the calibration has expired;
 * 'Novo equipamento', Deletar (with confirmation) and Editar per row.
 */
import { useMemo } from 'react';
import { Group } from '@mantine/core';
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalEquipment } from '@sync/react';
import { ExpiryBadge } from '@/entities/equipment';
import { formatDate } from '@/ui/format';
import { todayIso } from '@/ui/inputs';
import { ListPage, NewRecordButton, recordIdColumn, recordOptionsColumn, useRecordList, type ListColumn } from '@/ui/list-page';
import { EQUIPMENT_ROUTES } from './equipment-routes';
import { EQUIPMENT_TEXTS } from './equipment-texts';

/** Spec section 9: "Equipment search debounce 400 ms" (the other lists wait 800 ms). */
export const EQUIPMENT_SEARCH_DEBOUNCE_MS = 400;

export interface EquipmentListPageProps {
  page: number;
  search?: string;
}

export function EquipmentListPage({ page, search = '' }: EquipmentListPageProps) {
  const { listProps, problems, remove } = useRecordList({
    resource: 'equipment',
    page,
    search,
    routes: EQUIPMENT_ROUTES,
    deletedMessage: EQUIPMENT_TEXTS.deleted,
    searchDelayMs: EQUIPMENT_SEARCH_DEBOUNCE_MS,
  });
  const categories = useLocalList('equipment_categories');
  const categoryNames = useMemo(
    () => new Map(categories.loading ? [] : categories.rows.map((category) => [category.key, category.name])),
    [categories],
  );
  const today = todayIso();

  const columns: ListColumn<LocalEquipment>[] = [
    recordIdColumn(EQUIPMENT_TEXTS.columns.id, problems),
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
    recordOptionsColumn({ texts: EQUIPMENT_TEXTS, routes: EQUIPMENT_ROUTES, onDelete: remove.request, deleteFirst: true }),
  ];

  return (
    <ListPage
      title={EQUIPMENT_TEXTS.listTitle}
      actions={<NewRecordButton routes={EQUIPMENT_ROUTES} label={EQUIPMENT_TEXTS.newButton} />}
      {...listProps}
      columns={columns}
      emptyText={EQUIPMENT_TEXTS.empty}
    >
      {remove.modal({ title: EQUIPMENT_TEXTS.confirmDeleteTitle, message: EQUIPMENT_TEXTS.confirmDelete })}
    </ListPage>
  );
}
