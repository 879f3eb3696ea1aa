/**
 * The 'Armazenamento do aparelho' card of the sync page: whether the browser
 * granted persistent storage (and a button to ask for it when not), how much
 * of the quota this site uses, and the low-space warning before photos
 * fail. Read once when the page opens (useDeviceStorage), and again after
 * asking, so the line shows the browser's answer.
 */
import { useState } from 'react';
import { Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { formatStorageUse } from '@/domain/storage-quota';
import { LowStorageWarning, useDeviceStorage } from '@/ui/device-storage';
import { STORAGE_TEXTS } from './sync-texts';

function persistLine(persisted: boolean | null): string {
  if (persisted === null) return STORAGE_TEXTS.persistUnknown;
  return persisted ? STORAGE_TEXTS.persisted : STORAGE_TEXTS.notPersisted;
}

export function DeviceStorageCard() {
  const storage = useDeviceStorage();
  const [asking, setAsking] = useState(false);
  const [answer, setAnswer] = useState<boolean | null>(null);

  const ask = async () => {
    setAsking(true);
    try {
      setAnswer(await storage.persist());
    } finally {
      setAsking(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={STORAGE_TEXTS.title} data-testid="device-storage">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {STORAGE_TEXTS.title}
        </Title>
        {storage.loading ? (
          <Loader size="sm" />
        ) : (
          <>
            <Text size="sm" data-testid="storage-persisted">
              {persistLine(storage.persisted)}
            </Text>
            {storage.persisted === false && storage.canPersist ? (
              <Button mih={44} variant="default" loading={asking} onClick={() => void ask()} style={{ alignSelf: 'flex-start' }}>
                {STORAGE_TEXTS.askPersist}
              </Button>
            ) : null}
            {answer === null ? null : (
              <Text size="sm" c={answer ? 'green' : 'orange'} aria-live="polite" data-testid="storage-persist-answer">
                {answer ? STORAGE_TEXTS.persistGranted : STORAGE_TEXTS.persistRefused}
              </Text>
            )}
            <Text size="sm" data-testid="storage-usage">
              {storage.estimate ? formatStorageUse(storage.estimate.usage, storage.estimate.quota) : STORAGE_TEXTS.noEstimate}
            </Text>
            <LowStorageWarning level={storage.estimate?.level} />
          </>
        )}
      </Stack>
    </Card>
  );
}
