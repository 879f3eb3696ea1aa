/**
 * A short, dismissible hint for iPhone and iPad users in Safari on how to
 * install the app (which also protects its offline data from Safari's
 * 7-day eviction of unused sites). Dismissal is remembered on the device.
 */
import { useState } from 'react';
import { Affix, CloseButton, Group, Paper, Text } from '@mantine/core';
import { readIosFacts, shouldShowIosInstallHint } from './detect-ios';

export const IOS_HINT_DISMISSED_KEY = 'ho.pwa.iosHintDismissed';
export const IOS_HINT_TEXT = 'Toque em Compartilhar e depois em Adicionar à Tela de Início';

function initiallyVisible(): boolean {
  try {
    if (localStorage.getItem(IOS_HINT_DISMISSED_KEY) === '1') return false;
  } catch {
    // Storage unavailable: show the hint; dismissing hides it for this visit.
  }
  return shouldShowIosInstallHint(readIosFacts());
}

export function IosInstallHint() {
  const [visible, setVisible] = useState(initiallyVisible);
  if (!visible) return null;
  const dismiss = () => {
    setVisible(false);
    try {
      localStorage.setItem(IOS_HINT_DISMISSED_KEY, '1');
    } catch {
      // Nothing to remember it in.
    }
  };
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={300}>
      <Paper shadow="md" p="sm" withBorder maw={520} mx="auto" role="note">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={600} size="sm">
              Instale o aplicativo
            </Text>
            <Text size="sm">{IOS_HINT_TEXT}.</Text>
          </div>
          <CloseButton aria-label="Fechar" onClick={dismiss} />
        </Group>
      </Paper>
    </Affix>
  );
}
