/**
 * Which admin screens a signed-in user may open: the screens of a module
 * (spec section 6) only when the user has it, from the same source the menu
 * uses (`userModuleSlugs`: the modules the session knows for the user;
 * administrators have every one). Screens outside any module ('Visão Global',
 * 'Sincronização', 'Perfil') are open to everyone signed in.
 *
 * Pure: the layout reads the user and the path and renders the page or the
 * 'sem permissão' page. Blocking the screen (not only the menu entry) keeps a
 * user who types a path from filling a form that saves on the device and is
 * refused by the server later.
 */
import type { ModuleSlug } from '@sync/contract/modules';
import type { CurrentUser } from '@sync/contract/user';
import { isCustomerUser } from '@sync/session/session-user';
import { MODULE_AREAS, userModuleSlugs } from '@/app/navigation/admin-navigation';

export type ModuleAccess = { allowed: true; module: ModuleSlug | null } | { allowed: false; module: ModuleSlug };

/** The module an admin path belongs to; null for the screens everyone opens. */
export function moduleOfPath(pathname: string): ModuleSlug | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const area = MODULE_AREAS.find(({ activePrefix }) => path === activePrefix || path.startsWith(`${activePrefix}/`));
  return area?.module ?? null;
}

export function decideModuleAccess(user: CurrentUser, pathname: string): ModuleAccess {
  const module = moduleOfPath(pathname);
  if (module === null) return { allowed: true, module };
  return userModuleSlugs(user).has(module) ? { allowed: true, module } : { allowed: false, module };
}

/**
 * What a user may do with samples from another module's screen (the
 * quotation page's 'Amostra' and 'Ver amostras'): nothing without the
 * samples module (the server refuses every sample call), read only for
 * customer-type users, make them otherwise.
 */
export function sampleAccessOf(user: CurrentUser | null): 'none' | 'read' | 'write' {
  if (!user || !userModuleSlugs(user).has('samples')) return 'none';
  return isCustomerUser(user) ? 'read' : 'write';
}
