/**
 * The header's line under the connectivity badge: 'Preparando uso
 * offline… 45 %' while the app and the user's data are not all on the
 * device, then 'Pronto para uso offline'. A line of small text rather than
 * another badge, so the header fits a tablet in portrait (768 px); hidden
 * on a phone's width, where the link's name and tooltip still say it.
 */
import { Text } from '@mantine/core';
import type { ReadinessText } from './readiness';

export function OfflineReadinessLine({ text }: { text: ReadinessText | null }) {
  if (!text) return null;
  return (
    <Text
      span
      size="xs"
      fw={500}
      c={text.ready ? 'teal.9' : 'gray.7'}
      lh={1.25}
      visibleFrom="xs"
      style={{ whiteSpace: 'nowrap' }}
      data-testid="offline-readiness"
      data-ready={text.ready}
    >
      {text.label}
    </Text>
  );
}
