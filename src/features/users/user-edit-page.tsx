/**
 * A user's page: 'Usuário / Adicionar' at /admin/usuarios/novo, the edit
 * page at /admin/usuarios/{id} with 'Novo usuário', card 'Dados
 * cadastrais', Salvar and Deletar (with confirmation). The user is read
 * from the device (the users list, read-only there); saving and deleting
 * go to the server at once through the online-write path: offline they are
 * refused with a plain message and everything typed stays. A new user
 * opens its edit page once saved; customers added to it before the save
 * are linked right after it (spec section 4).
 */
import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { userCreateSchema, userUpdateSchema } from '@sync/contract/user-input';
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalUser } from '@sync/react';
import { councilValues, OnlineOnlyNotice } from '@/entities/user';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { useConfirmDelete } from '@/ui/confirm-delete';
import { EditPage, RecordRoute } from '@/ui/edit-page';
import { errorMessage, useSchemaForm } from '@/ui/forms';
import { UserCustomersModal, type LinkedCustomer } from './user-customers-modal';
import { councilShown, UserFields } from './user-fields';
import { userFormFields, userFormValues, type UserFormValues } from './user-form';
import { USER_ROUTES } from './user-routes';
import { USER_TEXTS } from './user-texts';
import { useUserWrites } from './use-user-writes';

/** Who is looking: their own type and role they cannot change; only administrators make administrators. */
export interface UserViewer {
  id: number;
  isAdmin: boolean;
}

export function UserEditPage({ userId, viewer }: { userId?: string; viewer: UserViewer }) {
  return (
    <RecordRoute resource="users" param={userId} notFoundTitle={USER_TEXTS.editTitle} backToList={USER_TEXTS.backToList} routes={USER_ROUTES}>
      {(record) => <UserEditor record={record} viewer={viewer} />}
    </RecordRoute>
  );
}

function UserEditor({ record, viewer }: { record?: LocalUser; viewer: UserViewer }) {
  const form = useSchemaForm(record ? userUpdateSchema : userCreateSchema, () => userFormValues(record));
  const [image, setImage] = useState<File | null>(null);
  const [pending, setPending] = useState<LinkedCustomer[]>([]);
  const [customersOpen, setCustomersOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const writes = useUserWrites();
  const navigate = useNavigate();
  const types = useLocalList('user_types');
  const roles = useLocalList('roles');
  const remove = useConfirmDelete<LocalUser>({
    run: (user) => writes.remove(user.id!),
    successMessage: USER_TEXTS.deleted,
    onDeleted: () => void navigate(USER_ROUTES.list('1')),
  });

  /** Links the customers chosen before the user existed; a failure is told and the rest still tried. */
  const linkPending = async (userId: number) => {
    for (const customer of pending) {
      try {
        await writes.link(userId, customer.id);
      } catch (error) {
        alertDanger(USER_TEXTS.saveCustomersFailed(errorMessage(error)));
      }
    }
  };

  const submit = async () => {
    const shown = councilShown(roles.loading ? [] : roles.rows, form.form.getValues() as UserFormValues);
    // A hidden group keeps what the user has (nothing is sent), so what was typed in it before the role changed cannot block the save.
    if (!shown) form.form.setValues(councilValues(record?.settings));
    if (!form.read().ok) return;
    setSaving(true);
    try {
      const answer = await writes.save(record?.id ?? null, userFormFields(form.form.getValues() as UserFormValues, shown), image);
      if (!record) await linkPending(answer.user.id);
      alertSuccess(answer.message);
      if (!record) {
        void navigate(USER_ROUTES.record(String(answer.user.id)));
        return;
      }
      setImage(null);
      form.form.setValues({ password: '', password_confirmation: '' });
      form.form.resetDirty();
    } catch (error) {
      if (!form.showSaveError(error)) alertDanger(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  // A user pulled before the users list carried links has none until its next change.
  const linked: readonly LinkedCustomer[] = record ? (record.customers ?? []) : pending;
  return (
    <Stack gap="md">
      <OnlineOnlyNotice />
      <EditPage
        title={record ? USER_TEXTS.editTitle : USER_TEXTS.createTitle}
        actions={
          record ? (
            <Button variant="light" renderRoot={(props) => <Link {...props} {...USER_ROUTES.create} />}>
              {USER_TEXTS.newButton}
            </Button>
          ) : null
        }
        onSubmit={() => void submit()}
        saving={saving}
        onDelete={record && record.id !== viewer.id && record.deleted_at === null ? () => remove.request(record) : undefined}
        after={
          <>
            <UserCustomersModal
              opened={customersOpen}
              onClose={() => setCustomersOpen(false)}
              linked={linked}
              onAdd={async (customer) => {
                if (record) await writes.link(record.id!, customer.id);
                else setPending((list) => [...list, customer]);
              }}
              onRemove={async (customer) => {
                if (record) await writes.unlink(record.id!, customer.id);
                else setPending((list) => list.filter((item) => item.id !== customer.id));
              }}
            />
            {remove.modal({ title: USER_TEXTS.confirmDeleteTitle, message: USER_TEXTS.confirmDelete })}
          </>
        }
      >
        <UserFields
          form={form}
          types={types.loading ? [] : types.rows}
          roles={roles.loading ? [] : roles.rows}
          isNew={!record}
          isSelf={record?.id === viewer.id}
          viewerIsAdmin={viewer.isAdmin}
          image={image}
          onImageChange={setImage}
          currentImageUrl={record?.settings.image?.url ?? null}
          onOpenCustomers={() => setCustomersOpen(true)}
        />
        {!record && pending.length > 0 ? (
          <Text size="sm" c="dimmed">
            {USER_TEXTS.pendingCustomers(pending.length)}
          </Text>
        ) : null}
      </EditPage>
    </Stack>
  );
}
