/**
 * The generic error page (/errors, spec section 2), also shown when a route
 * fails to render. Offline, a screen whose code has not been downloaded yet
 * gets its own line (screen-not-downloaded.ts) under the spec's title.
 */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isScreenNotDownloaded } from './screen-not-downloaded';

export const ERROR_PAGE_TEXTS = {
  title: 'Something went wrong!',
  retry: 'Tente novamente em instantes.',
  notDownloaded: 'Esta tela ainda não foi baixada para uso offline. Conecte-se à internet para abri-la.',
  home: 'Voltar ao início',
} as const;

export function ErrorPage({ error }: { error?: unknown }) {
  const online = typeof navigator === 'undefined' || navigator.onLine;
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={2}>{ERROR_PAGE_TEXTS.title}</Title>
        <Text c="dimmed" ta="center">
          {isScreenNotDownloaded(error, online) ? ERROR_PAGE_TEXTS.notDownloaded : ERROR_PAGE_TEXTS.retry}
        </Text>
        <Button component="a" href="/admin/overview" variant="light">
          {ERROR_PAGE_TEXTS.home}
        </Button>
      </Stack>
    </Center>
  );
}
