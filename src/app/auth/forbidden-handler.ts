/**
 * The 403 rule (spec section 6): a customer-type user goes through the
 * customer redirect; anyone else has their user reset (re-read from
 * `GET api/user`, so a revoked module disappears from the menu). When the
 * redirect or the reset fails, a danger alert shows and the browser goes to
 * /admin/overview (spec section 2).
 *
 * The calls made here skip the 403 listeners; a handler already running,
 * or one that finished less than `BURST_WINDOW_MS` ago, ignores further
 * 403s, so a burst of refused calls (a screen loading several lists) triggers
 * one reset.
 */
import { getCurrentUser, getUserCustomers, errorMessageLines, type ApiClient } from '@sync/http';
import { isCustomerUser, type Session } from '@sync/session';
import { customerRedirect, OVERVIEW_PATH } from './post-login-destination';

export const USER_RESET_FAILED_MESSAGE = 'Não foi possível atualizar os dados do seu usuário.';
export const CUSTOMER_REDIRECT_FAILED_MESSAGE = 'Não foi possível carregar os clientes do seu usuário.';

export const BURST_WINDOW_MS = 2_000;

export interface ForbiddenHandlerDeps {
  session: Session;
  api: ApiClient;
  navigate: (path: string) => void | Promise<void>;
  alertDanger: (message: string | string[]) => void;
  now?: () => number;
}

export function createForbiddenHandler(deps: ForbiddenHandlerDeps): () => Promise<void> {
  const now = deps.now ?? Date.now;
  let running = false;
  let finishedAt = Number.NEGATIVE_INFINITY;
  return async () => {
    const user = deps.session.getState().user;
    if (running || !user || now() - finishedAt < BURST_WINDOW_MS) return;
    running = true;
    try {
      if (isCustomerUser(user)) {
        const customers = await getUserCustomers(deps.api, user.id, { skipForbiddenHandler: true }).catch(() => null);
        if (customers) deps.session.setCustomers(customers);
        const destination = customerRedirect(customers);
        if (destination.problem) deps.alertDanger(CUSTOMER_REDIRECT_FAILED_MESSAGE);
        await deps.navigate(destination.path);
        return;
      }
      try {
        deps.session.setUser(await getCurrentUser(deps.api, { skipForbiddenHandler: true }));
      } catch (error) {
        deps.alertDanger([USER_RESET_FAILED_MESSAGE, ...errorMessageLines(error)]);
        await deps.navigate(OVERVIEW_PATH);
      }
    } finally {
      running = false;
      finishedAt = now();
    }
  };
}
