/** The access-control tab's texts (spec core-administration sections 2 and 8; the rest in docs/decisions/access-control.md). */
import { ACCESS_CONTROL_MESSAGES } from '@sync/contract/access-control';

export const ACCESS_TEXTS = {
  tabs: { roles: 'Tipos', permissions: 'Módulos', users: 'Usuários' },
  roleSaved: ACCESS_CONTROL_MESSAGES.roleSaved,
  roleDeleted: ACCESS_CONTROL_MESSAGES.roleDeleted,
  permissionsSaved: ACCESS_CONTROL_MESSAGES.permissionsSaved,
  userRoleChanged: ACCESS_CONTROL_MESSAGES.userRoleChanged,
  chooseRole: ACCESS_CONTROL_MESSAGES.chooseRole,
  noUsers: ACCESS_CONTROL_MESSAGES.noUsers,
  nameRequired: ACCESS_CONTROL_MESSAGES.nameRequired,
  noRoles: 'Nenhum departamento cadastrado ainda.',
  newRole: 'Novo departamento',
  roleName: 'Nome do departamento',
  add: 'Adicionar',
  save: 'Salvar',
  cancel: 'Cancelar',
  rename: 'Renomear',
  delete: 'Excluir',
  department: 'Departamento',
  confirmDelete: 'Tem certeza que deseja excluir esse departamento?',
  columns: { name: 'Nome', email: 'E-mail', role: 'Departamento', module: 'Módulo', active: 'Ativo' },
  administrator: 'Administrador',
  offline: 'Sem conexão: você vê os últimos dados recebidos. Salvar alterações do controle de acesso precisa de conexão com a internet.',
  adminsOnlyTitle: 'Sem permissão',
  adminsOnly: 'Somente administradores acessam o controle de acesso.',
} as const;
