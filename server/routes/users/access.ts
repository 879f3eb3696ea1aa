/**
 * Who may call the user calls: the `users` module (administrators always
 * pass); customer-type users never manage users, whatever their role
 * grants. Administrator accounts are touched by administrators only
 * (user-rules.ts `assertMayTouch`). A user's own account goes through the
 * profile call (`access.signedIn({ customerUsers: 'self' })`).
 */
import { access } from '@server/auth/access';

export const USERS_ACCESS = { access: access.module('users') };
