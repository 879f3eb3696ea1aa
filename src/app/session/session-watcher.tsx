/**
 * Inside the admin area, keeps the screen in step with the session:
 * - when the session ends (sign-out here or in another tab, or a refused
 *   refresh), goes to the login page; after an expiry it keeps the current
 *   path as `redirect` so the user comes back to it;
 * - applies the 403 rule to refused API calls;
 * - when online, re-reads the current user once in the background so module
 *   changes reach the menu (the cached user is shown meanwhile, and offline
 *   nothing is asked of the network).
 */
import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { getCurrentUser } from '@sync/http';
import { API_ERROR_MESSAGES } from '@sync/http/api-error';
import { alertDanger, alertWarning } from '@/ui/alerts';
import { createForbiddenHandler } from '../auth/forbidden-handler';
import { useRuntime } from '../runtime-context';
import { useSessionState } from './use-session-state';

export function SessionWatcher() {
  const { session, api } = useRuntime();
  const router = useRouter();
  const { user, endReason } = useSessionState(session);
  const signedIn = user !== null;

  useEffect(() => {
    if (signedIn) return;
    // The admin tree can re-mount while the navigation to the login page is
    // pending; by then the location already points there, and navigating
    // again would nest the redirect (redirect=/public/login?redirect=...).
    const here = router.state.location;
    if (!here.pathname.startsWith('/admin')) return;
    const expired = endReason === 'expired';
    if (expired) alertWarning(API_ERROR_MESSAGES.sessionExpired);
    void router.navigate({
      to: '/public/login',
      search: expired ? { redirect: here.href } : {},
      replace: true,
    });
  }, [signedIn, endReason, router]);

  useEffect(
    () =>
      api.onForbidden(
        createForbiddenHandler({
          session,
          api,
          navigate: (path) => router.navigate({ href: path }),
          alertDanger,
        }),
      ),
    [api, session, router],
  );

  useEffect(() => {
    // Signed in moments ago in this tab: the sign-in has just read the user.
    if (!navigator.onLine || session.signedInRecently()) return;
    getCurrentUser(api, { skipForbiddenHandler: true })
      .then((fresh) => session.setUser(fresh))
      .catch(() => {
        // Offline, slow or refused: the cached user stays; an ended session is handled above.
      });
  }, [api, session]);

  return null;
}
