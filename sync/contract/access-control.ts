/**
 * Access control (spec core-administration, sections 2, 3, 6 and 7):
 * departments (roles) with their per-module permissions, and each user's
 * department. Written only by administrators (user type 1), online; the
 * devices read the roles list (`GET api/user/role/all`) read-only, each
 * role carrying the ids of its active modules, so the 'Módulos' tab and a
 * device's own permissions follow every change on the next pull.
 *
 * Calls (paths relative to the API base):
 * - `POST api/access-control/role`, `PUT|DELETE api/access-control/role/{id}`;
 * - `GET|POST api/access-control/role/{roleId}/permissions`;
 * - `GET api/access-control/user`, `POST api/access-control/user/{id}` ({ role_id }).
 */
import { z } from 'zod';
import { idSchema, MAX_ID, requiredText, TEXT_LIMITS } from './fields';
import { namedRecordSchema } from './lookups';

export const ACCESS_CONTROL_PATHS = {
  roles: 'api/access-control/role',
  role: (id: number) => `api/access-control/role/${id}`,
  permissions: (roleId: number) => `api/access-control/role/${roleId}/permissions`,
  users: 'api/access-control/user',
  user: (id: number) => `api/access-control/user/${id}`,
} as const;

export const ACCESS_CONTROL_MESSAGES = {
  roleSaved: 'Departamento salvas com sucesso',
  roleDeleted: 'Departamento excluído com sucesso',
  permissionsSaved: 'Permissões salvas com sucesso',
  userRoleChanged: 'Departamento alterado com sucesso',
  chooseRole: 'Selecione um departamento',
  noUsers: 'Nenhum usuário cadastrado ainda.',
  nameRequired: 'Nome é obrigatório',
  nameWithoutLetters: 'O nome precisa ter letras ou números.',
  roleExists: 'Já existe um departamento com este nome.',
  roleNotFound: 'Departamento não encontrado.',
  roleInUse: 'Este departamento tem usuários. Mude o departamento deles antes de excluí-lo.',
  customerRoleKeepsSlug: 'O departamento Cliente identifica os usuários do tipo cliente: o nome pode mudar só na escrita (maiúsculas, acentos).',
  moduleNotFound: 'Módulo não encontrado.',
  userNotFound: 'Usuário não encontrado.',
  adminHasNoRole: 'Administradores não têm departamento.',
  adminsOnly: 'Somente administradores podem alterar o controle de acesso.',
} as const;

/**
 * A role as the roles list answers it: the named record plus the ids of its
 * active modules (absent from a server before access control: none known).
 */
export const roleRecordSchema = namedRecordSchema.extend({ modules: z.array(z.number().int()).default([]) });
export type RoleRecord = z.infer<typeof roleRecordSchema>;

/** Create or rename: only the name; the slug is derived from it on the server. */
export const roleInputSchema = z.object({
  name: requiredText(TEXT_LIMITS.line, ACCESS_CONTROL_MESSAGES.nameRequired),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

/** The spec's Permission entity: one per module, for one role. */
export const permissionSchema = z.object({
  module_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  slug: z.string(),
  active: z.boolean(),
});
export type Permission = z.infer<typeof permissionSchema>;
export const permissionsResponseSchema = z.array(permissionSchema);

/** One or more switches; modules not named keep their state (the screen saves one toggle at a time). */
export const permissionsInputSchema = z.object({
  permissions: z
    .array(z.object({ module_id: idSchema, active: z.boolean({ error: 'Informe se o módulo fica ativo.' }) }), { error: 'Deve ser uma lista.' })
    .min(1, 'Informe ao menos um módulo.')
    .max(100),
});
export type PermissionsInput = z.infer<typeof permissionsInputSchema>;

/** A user's department: required (a user without one would see nothing and show as 'Administrador'). */
export const userRoleInputSchema = z.object({
  role_id: z.number({ error: ACCESS_CONTROL_MESSAGES.chooseRole }).int().positive().max(MAX_ID),
});
export type UserRoleInput = z.infer<typeof userRoleInputSchema>;
