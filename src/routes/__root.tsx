/**
 * The root route: the global progress bar, the page, and the PWA prompts
 * (update available, iOS install hint). Its context is the app runtime.
 */
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ErrorPage } from '../app/errors/error-page';
import { TopProgressBar } from '../app/progress/top-progress-bar';
import { IosInstallHint } from '../app/pwa/ios-install-hint';
import { UpdatePrompt } from '../app/pwa/update-prompt';
import type { AppRuntime } from '../app/runtime';

export const Route = createRootRouteWithContext<AppRuntime>()({
  component: RootLayout,
  errorComponent: ErrorPage,
});

function RootLayout() {
  return (
    <>
      <TopProgressBar />
      <Outlet />
      <UpdatePrompt />
      <IosInstallHint />
    </>
  );
}
