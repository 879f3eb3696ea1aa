/**
 * Who may call the dashboard (docs/access-model.md): the figures and lists
 * need the `dashboard` module, customer-type users included, reading only
 * their customers' figures (scope.ts narrows every answer); the alerts are
 * the caller's own rows, so every signed-in user reads and marks theirs.
 */
import { access } from '@server/auth/access';

export const DASHBOARD_ACCESS = {
  figures: { access: access.module('dashboard', { customerUsers: 'read-own' }) },
  alerts: { access: access.signedIn({ customerUsers: 'self' }) },
} as const;
