/**
 * 'Usuários' (/admin/usuarios/lista/{page}): the active users on the device
 * (the users list is pulled for callers with the users module), searched by
 * name, e-mail and username and paged; columns #, Nome, E-mail, Função
 * (a user without a role shows 'Administrador'), Opções (Editar, Deletar
 * with confirmation). Deleting needs a connection: offline it is refused
 * with a plain message and nothing changes.
 */
import { Stack } from '@mantine/core';
import type { LocalUser } from '@sync/react';
import { OnlineOnlyNotice, roleLabel } from '@/entities/user';
import { ListPage, NewRecordButton, recordIdColumn, recordOptionsColumn, useRecordList, type ListColumn } from '@/ui/list-page';
import { USER_ROUTES } from './user-routes';
import { USER_TEXTS } from './user-texts';
import { useUserWrites } from './use-user-writes';

export interface UserListPageProps {
  page: number;
  search?: string;
}

export function UserListPage({ page, search = '' }: UserListPageProps) {
  const writes = useUserWrites();
  const { listProps, problems, remove } = useRecordList({
    resource: 'users',
    page,
    search,
    routes: USER_ROUTES,
    deletedMessage: USER_TEXTS.deleted,
    where: { field: 'deleted_at', equals: null },
    deleteRun: (user) => writes.remove(user.id!),
  });

  const columns: ListColumn<LocalUser>[] = [
    recordIdColumn(USER_TEXTS.columns.id, problems),
    { id: 'name', header: USER_TEXTS.columns.name, render: (user) => user.name },
    { id: 'email', header: USER_TEXTS.columns.email, render: (user) => user.email },
    { id: 'role', header: USER_TEXTS.columns.role, render: (user) => roleLabel(user) },
    recordOptionsColumn({ texts: USER_TEXTS, routes: USER_ROUTES, onDelete: remove.request }),
  ];

  return (
    <Stack gap="md">
      <OnlineOnlyNotice />
      <ListPage
        title={USER_TEXTS.listTitle}
        actions={<NewRecordButton routes={USER_ROUTES} label={USER_TEXTS.newButton} />}
        {...listProps}
        columns={columns}
        emptyText={USER_TEXTS.empty}
      >
        {remove.modal({ title: USER_TEXTS.confirmDeleteTitle, message: USER_TEXTS.confirmDelete })}
      </ListPage>
    </Stack>
  );
}
