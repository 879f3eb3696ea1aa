/**
 * Providers every screen relies on: Mantine (theme, pt-BR dates through
 * dayjs), the alert area (6 s alerts, spec section 8; bottom left, clear of
 * the header's sync status and of Salvar, which forms keep on the right: see
 * docs/decisions/tablet-shell.md) and the runtime.
 */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { ALERT_AUTO_CLOSE_MS } from '../ui/alerts';
import { RuntimeProvider } from './runtime-context';
import type { AppRuntime } from './runtime';
import { theme } from './theme';

dayjs.locale('pt-br');

export function AppProviders({ runtime, children }: { runtime: AppRuntime; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
        <Notifications position="bottom-left" autoClose={ALERT_AUTO_CLOSE_MS} limit={5} />
        <RuntimeProvider runtime={runtime}>{children}</RuntimeProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
