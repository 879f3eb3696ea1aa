/**
 * The fields of the user form (spec: Users): name, Cargo, ABHO registration
 * code, e-mail, phone (masked as typed), username, user type and Função
 * (none for administrators; nobody changes their own), 'Adicionar clientes'
 * when the role's slug is 'cliente', the 'Conselho profissional' group
 * (issue 28; not for that role), password and confirmation, the image, and
 * 'send password by e-mail'.
 */
import { Button, Grid, PasswordInput, Select, Switch, Text, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { ADMIN_USER_TYPE_ID, CUSTOMER_ROLE_SLUG } from '@sync/contract/modules';
import type { userFieldsSchema } from '@sync/contract/user-input';
import type { LocalNamedRecord } from '@sync/react';
import { maskPhone } from '@/domain/masks';
import { CouncilFields, UserImageInput } from '@/entities/user';
import type { SchemaForm } from '@/ui/forms';
import { isAdminType } from './user-form';
import { USER_TEXTS } from './user-texts';

export interface UserFieldsProps {
  form: SchemaForm<typeof userFieldsSchema>;
  types: readonly LocalNamedRecord[];
  roles: readonly LocalNamedRecord[];
  isNew: boolean;
  /** Editing oneself: type and role stay as they are. */
  isSelf: boolean;
  /** Only administrators make administrators. */
  viewerIsAdmin: boolean;
  image: File | null;
  onImageChange: (file: File | null) => void;
  currentImageUrl: string | null;
  onOpenCustomers: () => void;
}

/** A user-type or role option: the id as text. */
const options = (rows: readonly LocalNamedRecord[]) =>
  rows.filter((row) => row.id !== null).map((row) => ({ value: String(row.id), label: row.name }));

export function isCustomerRole(roles: readonly LocalNamedRecord[], roleId: string | null | undefined): boolean {
  return roles.some((role) => String(role.id) === roleId && role.slug === CUSTOMER_ROLE_SLUG);
}

/** The council group is for staff: hidden while the role is the customers' (an administrator has no role). */
export function councilShown(roles: readonly LocalNamedRecord[], values: { user_type_id: string; role_id: string | null }): boolean {
  return isAdminType(values) || !isCustomerRole(roles, values.role_id);
}

export function UserFields({
  form,
  types,
  roles,
  isNew,
  isSelf,
  viewerIsAdmin,
  image,
  onImageChange,
  currentImageUrl,
  onOpenCustomers,
}: UserFieldsProps) {
  const values = form.values as z.input<typeof userFieldsSchema> & { user_type_id: string; role_id: string | null };
  const admin = isAdminType(values);
  const typeOptions = options(types).filter((option) => viewerIsAdmin || admin || option.value !== String(ADMIN_USER_TYPE_ID));
  const f = USER_TEXTS.fields;
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput label={f.name} withAsterisk {...form.field('name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <TextInput label={f.position} {...form.field('position')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <TextInput label={f.registrationCode} {...form.field('registration_code')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput label={f.email} type="email" withAsterisk {...form.field('email')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <TextInput
          label={f.phone}
          inputMode="tel"
          {...form.field('phone')}
          maxLength={15}
          onChange={(event) => form.form.setFieldValue('phone', maskPhone(event.currentTarget.value))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <TextInput label={f.username} withAsterisk autoComplete="off" {...form.field('username')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Select label={f.type} data={typeOptions} allowDeselect={false} disabled={isSelf} {...form.field('user_type_id')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        {admin ? null : (
          <Select
            label={f.role}
            data={options(roles)}
            clearable
            placeholder={USER_TEXTS.rolePlaceholder}
            disabled={isSelf}
            {...form.field('role_id')}
          />
        )}
      </Grid.Col>
      {isSelf ? (
        <Grid.Col span={12}>
          <Text size="sm" c="dimmed">
            {USER_TEXTS.ownAccessHint}
          </Text>
        </Grid.Col>
      ) : null}
      {!admin && isCustomerRole(roles, values.role_id) ? (
        <Grid.Col span={12}>
          <Button variant="light" onClick={onOpenCustomers}>
            {USER_TEXTS.addCustomers}
          </Button>
        </Grid.Col>
      ) : null}
      {councilShown(roles, values) ? (
        <Grid.Col span={12}>
          <CouncilFields field={form.field} />
        </Grid.Col>
      ) : null}
      <Grid.Col span={{ base: 12, md: 6 }}>
        <PasswordInput
          label={f.password}
          withAsterisk={isNew}
          autoComplete="new-password"
          description={isNew ? undefined : f.keepPassword}
          {...form.field('password')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <PasswordInput label={f.passwordConfirmation} withAsterisk={isNew} autoComplete="new-password" {...form.field('password_confirmation')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <UserImageInput label={f.image} placeholder={f.imagePlaceholder} value={image} onChange={onImageChange} currentUrl={currentImageUrl} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }} style={{ display: 'flex', alignItems: 'flex-end' }}>
        <Switch label={f.sendPassword} {...form.form.getInputProps('send_password', { type: 'checkbox' })} />
      </Grid.Col>
    </Grid>
  );
}
