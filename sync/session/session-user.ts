/**
 * What the session knows about the signed-in user (spec section 3): isAdmin
 * when settings.user_type_id is 1, isCustomer when the role slug is
 * 'cliente'.
 */
import { ADMIN_USER_TYPE_ID, CUSTOMER_ROLE_SLUG } from '../contract/modules';
import type { CurrentUser } from '../contract/user';

export function isAdminUser(user: CurrentUser): boolean {
  return user.settings.user_type_id === ADMIN_USER_TYPE_ID;
}

export function isCustomerUser(user: CurrentUser): boolean {
  return user.settings.role?.slug === CUSTOMER_ROLE_SLUG;
}
