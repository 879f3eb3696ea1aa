/**
 * Service worker registration and the update prompt. The worker precaches
 * the app shell (vite-plugin-pwa, generateSW, registerType 'prompt'); when
 * a new version is waiting, the user sees 'Nova versão disponível' and
 * chooses when to reload — never a silent reload in the middle of typing.
 * The first visit needs no prompt: `clientsClaim` lets the fresh worker
 * control the open page at once, which is what makes it work offline.
 */
import { Button, Group, Notification, Affix, Text } from '@mantine/core';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** Look for a new version every hour while the app stays open. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => {});
      }, UPDATE_CHECK_INTERVAL_MS);
    },
  });

  if (!needRefresh) return null;
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={400}>
      <Notification title="Nova versão disponível" withCloseButton onClose={() => setNeedRefresh(false)} maw={360} withBorder>
        <Text size="sm">Recarregue para usar a versão mais recente do aplicativo.</Text>
        <Group justify="flex-end" mt="xs">
          <Button size="xs" onClick={() => void updateServiceWorker(true)}>
            Recarregar
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
