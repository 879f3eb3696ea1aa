/**
 * Providers every screen relies on: Mantine (theme, pt-BR dates through
 * dayjs), the alert area (6 s alerts, spec section 8; fetched with the first
 * alert; bottom left, clear of the header's sync status and of Salvar, which
 * forms keep on the right: see docs/decisions/tablet-shell.md) and the runtime.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useNotifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { RuntimeProvider } from './runtime-context';
import type { AppRuntime } from './runtime';
import { theme } from './theme';

dayjs.locale('pt-br');

const AlertsContainer = lazy(() => import('./alerts-container').then((module) => ({ default: module.AlertsContainer })));

/**
 * The alert area is fetched when the first alert is raised, not with the
 * first page: most visits to the login page never show one. The alert waits
 * in the store meanwhile (offline the service worker has the chunk).
 */
function AlertArea() {
  const { notifications: shown, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  const pending = shown.length + queue.length;
  useEffect(() => {
    if (pending > 0) setNeeded(true);
  }, [pending]);
  return needed ? (
    <Suspense fallback={null}>
      <AlertsContainer />
    </Suspense>
  ) : null;
}

export function AppProviders({ runtime, children }: { runtime: AppRuntime; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
        <AlertArea />
        <RuntimeProvider runtime={runtime}>{children}</RuntimeProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
