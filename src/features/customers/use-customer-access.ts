/**
 * Whether the signed-in user sees the customers area restricted (spec
 * sections 2 and 6: customer-type users, role slug 'cliente'). The routes
 * read it from the session and hand it to the pages as `restricted`.
 */
import type { CurrentUser } from '@sync/contract/user';
import { isCustomerUser } from '@sync/react';

export function isRestrictedCustomerView(user: CurrentUser | null | undefined): boolean {
  return user ? isCustomerUser(user) : false;
}
