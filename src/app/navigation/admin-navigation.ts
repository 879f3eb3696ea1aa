/**
 * The admin menu: one entry per permission module the user has (spec
 * section 6; slugs in sync/contract/modules.ts), plus 'Visão Global',
 * 'Sincronização' and 'Perfil', which every signed-in user sees (every user
 * saves on the device and may have changes to inspect). Administrators
 * (user type 1) have every module.
 */
import { MODULES, type ModuleSlug } from '@sync/contract/modules';
import type { CurrentUser } from '@sync/contract/user';
import { isAdminUser } from '@sync/session/session-user';

export interface NavItem {
  label: string;
  /** What the area holds ('Visão Global' lists it); the module's description unless the area names its own. */
  description?: string;
  /** Where the entry leads. */
  to: string;
  /** Paths under this prefix mark the entry as active. */
  activePrefix: string;
  /** The module the entry belongs to; null for entries everyone sees. */
  module: ModuleSlug | null;
}

/**
 * Admin path of each module's area, in menu order. 'dashboard' is the overview.
 * A module may have a second area, named by its own `label` (the sampling
 * methods belong to the agents module: issue 22).
 */
export const MODULE_AREAS: ReadonlyArray<{
  module: Exclude<ModuleSlug, 'dashboard'>;
  to: string;
  activePrefix: string;
  label?: string;
  description?: string;
  /** Shown in the menu to administrators only (their screen; others reach it by its path, read-only). */
  adminOnly?: true;
}> = [
  { module: 'customers', to: '/admin/clientes/lista/1', activePrefix: '/admin/clientes' },
  { module: 'quotations', to: '/admin/orcamentos/lista/1', activePrefix: '/admin/orcamentos' },
  {
    module: 'quotations',
    to: '/admin/opcoes-de-orcamento',
    activePrefix: '/admin/opcoes-de-orcamento',
    label: 'Opções de orçamento',
    description: 'Formas de pagamento e tipos de exposição dos orçamentos',
    adminOnly: true,
  },
  { module: 'samples', to: '/admin/amostra/lista/1', activePrefix: '/admin/amostra' },
  { module: 'products', to: '/admin/agentes/lista/1', activePrefix: '/admin/agentes' },
  {
    module: 'products',
    to: '/admin/metodos/lista/1',
    activePrefix: '/admin/metodos',
    label: 'Métodos de amostragem',
    description: 'Métodos de amostragem e os agentes a que se aplicam',
  },
  { module: 'services', to: '/admin/servicos/lista/1', activePrefix: '/admin/servicos' },
  { module: 'costs', to: '/admin/custos/lista/1', activePrefix: '/admin/custos' },
  { module: 'equipment', to: '/admin/equipamentos/lista/1', activePrefix: '/admin/equipamentos' },
  { module: 'users', to: '/admin/usuarios/lista/1', activePrefix: '/admin/usuarios' },
  { module: 'settings', to: '/admin/settings', activePrefix: '/admin/settings' },
];

const MODULE_NAMES = new Map<string, string>(MODULES.map((m) => [m.slug, m.name]));

export const OVERVIEW_ITEM: NavItem = {
  label: 'Visão Global',
  to: '/admin/overview',
  activePrefix: '/admin/overview',
  module: null,
};
export const SYNC_ITEM: NavItem = {
  label: 'Sincronização',
  to: '/admin/sincronizacao',
  activePrefix: '/admin/sincronizacao',
  module: null,
};
export const PROFILE_ITEM: NavItem = { label: 'Perfil', to: '/admin/perfil', activePrefix: '/admin/perfil', module: null };

export function userModuleSlugs(user: CurrentUser): Set<string> {
  if (isAdminUser(user)) return new Set(MODULES.map((m) => m.slug));
  return new Set(user.modules.map((m) => m.slug));
}

export function navigationFor(user: CurrentUser): NavItem[] {
  const granted = userModuleSlugs(user);
  const areas = MODULE_AREAS.filter((area) => granted.has(area.module) && (!area.adminOnly || isAdminUser(user))).map<NavItem>((area) => ({
    label: area.label ?? MODULE_NAMES.get(area.module) ?? area.module,
    ...(area.description ? { description: area.description } : {}),
    to: area.to,
    activePrefix: area.activePrefix,
    module: area.module,
  }));
  return [OVERVIEW_ITEM, ...areas, SYNC_ITEM, PROFILE_ITEM];
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return pathname === item.activePrefix || pathname.startsWith(`${item.activePrefix}/`);
}
