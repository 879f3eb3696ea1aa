/**
 * What happens once the login form has signed the user in: ask the browser
 * to keep this site's storage (offline data must survive), work out the
 * destination (redirect query, customer redirect, overview) and go there.
 */
import { useCallback } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { SignInResult } from '@sync/session';
import { alertDanger } from '@/ui/alerts';
import { requestPersistentStorage } from '../pwa/persistent-storage';
import { postLoginDestination } from './post-login-destination';

export const CUSTOMERS_UNAVAILABLE_MESSAGE = 'Não foi possível carregar os clientes do seu usuário.';

export function useAfterSignIn(redirectQuery: string | undefined): (result: SignInResult) => Promise<void> {
  const router = useRouter();
  return useCallback(
    async (result: SignInResult) => {
      void requestPersistentStorage();
      const destination = postLoginDestination({ redirect: redirectQuery, user: result.user, customers: result.customers });
      if (destination.problem === 'customers-unavailable') alertDanger(CUSTOMERS_UNAVAILABLE_MESSAGE);
      await router.navigate({ href: destination.path, replace: true });
    },
    [router, redirectQuery],
  );
}
