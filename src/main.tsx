/**
 * Entry point: the first paint's styles (the rest come with each page's
 * code, see app/styles), the runtime (session, API client, connectivity), the
 * session's watch on the browser (reconnection, other tabs), the signed-in
 * user's local store and sync engine (following the session, loaded only
 * once a session exists), providers and the router. The service worker
 * registers from the root route.
 */
import './app/styles/base-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { watchSessionEnvironment } from '@sync/session';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { createAppRuntime } from './app/runtime';
import { createLazyUserSync } from './app/sync/lazy-user-sync';
import { UserSyncProvider } from './app/sync/user-sync-context';

const runtime = createAppRuntime();
watchSessionEnvironment(runtime.session, window);
const userSync = createLazyUserSync({ session: runtime.session, baseUrl: window.location.origin });
const router = createAppRouter(runtime);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders runtime={runtime}>
      <UserSyncProvider controller={userSync}>
        <RouterProvider router={router} />
      </UserSyncProvider>
    </AppProviders>
  </StrictMode>,
);
