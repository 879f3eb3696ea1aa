/**
 * The read-only resources: pulled and kept on the device so their last
 * known data stays readable offline through the same hooks as every other
 * resource, but written only online by the administration screens (or the
 * seed). A local save or delete of one is refused (sync/engine/mutations.ts).
 *
 * Settings are the `{prefix}_{field}` options of `GET api/settings/all`
 * (its documented answer holds them under `options`); the others are the
 * lookup lists of sync/contract/lookups.ts. Every signed-in user may read
 * them, except the users list (module `users`) and the quotation form's
 * payment and exposition types (module `quotations`).
 */
import { READ_ACCESS } from '@sync/contract/access';
import { roleRecordSchema } from '@sync/contract/access-control';
import { LOOKUP_PATHS, moduleRecordSchema, namedRecordSchema } from '@sync/contract/lookups';
import { settingSchema } from '@sync/contract/settings';
import { USER_LIST_PATH, userRecordSchema } from '@sync/contract/user-list';
import { defineReadOnlyResource } from './resource';

export const settings = defineReadOnlyResource({
  name: 'settings',
  label: 'Configuração',
  list: 'api/settings/all',
  listField: 'options',
  schema: settingSchema,
  read: READ_ACCESS.everyone,
  searchable: ['option'],
  fieldLabels: { option: 'Opção', value: 'Valor' },
  title: (record) => String(record.option ?? ''),
});

export const modules = defineReadOnlyResource({
  name: 'modules',
  label: 'Módulo',
  list: LOOKUP_PATHS.modules,
  schema: moduleRecordSchema,
  read: READ_ACCESS.everyone,
});

export const userTypes = defineReadOnlyResource({
  name: 'user_types',
  label: 'Tipo de usuário',
  list: LOOKUP_PATHS.userTypes,
  schema: namedRecordSchema,
  read: READ_ACCESS.everyone,
});

export const roles = defineReadOnlyResource({
  name: 'roles',
  label: 'Departamento',
  list: LOOKUP_PATHS.roles,
  // With the ids of its active modules (sync/contract/access-control.ts).
  schema: roleRecordSchema,
  read: READ_ACCESS.everyone,
});

export const paymentTypes = defineReadOnlyResource({
  name: 'payment_types',
  label: 'Forma de pagamento',
  list: LOOKUP_PATHS.paymentTypes,
  schema: namedRecordSchema,
  read: READ_ACCESS.quotationOptions,
});

export const expositionTypes = defineReadOnlyResource({
  name: 'exposition_types',
  label: 'Tipo de exposição',
  list: LOOKUP_PATHS.expositionTypes,
  schema: namedRecordSchema,
  read: READ_ACCESS.quotationOptions,
});

export const sampleTypes = defineReadOnlyResource({
  name: 'sample_types',
  label: 'Tipo de amostra',
  list: LOOKUP_PATHS.sampleTypes,
  schema: namedRecordSchema,
  read: READ_ACCESS.everyone,
});

export const users = defineReadOnlyResource({
  name: 'users',
  label: 'Usuário',
  list: USER_LIST_PATH,
  schema: userRecordSchema,
  read: READ_ACCESS.users,
  // A full read keeps deleted users (sellers of old quotations) like a pull does.
  listQuery: { trashed: 'true' },
  searchable: ['name', 'email', 'username'],
  fieldLabels: { name: 'Nome', email: 'E-mail', username: 'Usuário' },
});

export const READ_ONLY_RESOURCES = [settings, modules, userTypes, roles, paymentTypes, expositionTypes, sampleTypes, users] as const;
