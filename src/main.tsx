/**
 * Entry point: the first paint's styles (the rest come with each page's
 * code, see app/styles), the runtime (session, API client, connectivity), the
 * session's watch on the browser (reconnection, other tabs), the signed-in
 * user's local store and sync engine (following the session, loaded only
 * once a session exists), providers and the router. The service worker
 * registers from the root route.
 *
 * The first render waits for the router to resolve the first page (its
 * code-split chunks included; index.html's splash shows meanwhile), and runs
 * as a transition: React then builds the page in small slices instead of one
 * long task, and the page is committed once, not as an empty frame followed
 * by a synchronous re-render when the route's chunk arrives. That long task
 * was what moved Lighthouse's Total Blocking Time (docs/decisions/first-load-margin.md).
 */
import './app/styles/base-styles';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { watchSessionEnvironment } from '@sync/session';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { createAppRuntime } from './app/runtime';
import { createLazyUserSync } from './app/sync/lazy-user-sync';
import { UserSyncProvider } from './app/sync/user-sync-context';

import { applyDeferredStylesheets, nextTask } from './app/start-up';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const stylesApplied = applyDeferredStylesheets();

const runtime = createAppRuntime();
watchSessionEnvironment(runtime.session, window);
const userSync = createLazyUserSync({ session: runtime.session, baseUrl: window.location.origin });

async function start(root: Root) {
  await nextTask();
  const router = createAppRouter(runtime);
  await nextTask();
  try {
    await router.load();
  } catch (error) {
    // A failed load (a chunk that did not arrive) is the router's to show: render anyway.
    console.error(error);
  }
  await stylesApplied;
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders runtime={runtime}>
          <UserSyncProvider controller={userSync}>
            <RouterProvider router={router} />
          </UserSyncProvider>
        </AppProviders>
      </StrictMode>,
    );
  });
}

void start(createRoot(container));
