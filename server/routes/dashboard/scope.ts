/**
 * What a caller's dashboard counts (docs/decisions/dashboard.md): each group
 * of figures follows the read rule of its list (sync/contract/access.ts, the
 * rules the device pulls by, so the device has exactly those records), and a
 * customer-type user's figures only their linked customers' records.
 */
import type { SQL, AnyColumn } from 'drizzle-orm';
import { mayRead, READ_ACCESS, type Reader } from '@sync/contract/access';
import type { AuthUser } from '@server/auth/current-user';
import { customerScopeFilter, type CustomerScope } from '@server/auth/permissions';

export interface FigureScope {
  quotations: boolean;
  samples: boolean;
  equipment: boolean;
  customers: CustomerScope;
}

export function readerOfUser(user: Pick<AuthUser, 'isAdmin' | 'isCustomer' | 'modules'>): Reader {
  return { isAdmin: user.isAdmin, isCustomer: user.isCustomer, modules: user.modules.map((module) => module.slug) };
}

export function figureScope(user: AuthUser): FigureScope {
  const reader = readerOfUser(user);
  return {
    quotations: mayRead(reader, READ_ACCESS.quotations),
    samples: mayRead(reader, READ_ACCESS.samples),
    equipment: mayRead(reader, READ_ACCESS.equipment),
    customers: user.isCustomer ? user.customerIds : 'all',
  };
}

/** The WHERE condition narrowing a table's customer column to the scope (undefined: all). */
export function inCustomers(scope: FigureScope, column: AnyColumn): SQL | undefined {
  return customerScopeFilter(scope.customers, column);
}
