/** How a user's role (Função) is named on screen. */
import { USER_ENTITY_TEXTS } from './user-texts';

/** Spec section 3: a user with no role name is shown as 'Administrador'. */
export function roleLabel(user: { settings: { role: { name: string } | null } }): string {
  return user.settings.role?.name?.trim() || USER_ENTITY_TEXTS.noRole;
}
