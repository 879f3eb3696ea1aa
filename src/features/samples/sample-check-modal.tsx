/**
 * 'Verificar' (FIELD-UX item 3): the sample's blank required fields by tab
 * and label; touching one closes the list and jumps to it (the page opens
 * its tab and focuses the field). Nothing here blocks Salvar.
 */
import { Button, Modal, Stack, Text, Title } from '@mantine/core';
import type { MissingField } from '@/domain/form-paths';
import { SAMPLE_TABS } from './sample-tab-types';
import { SAMPLE_TEXTS } from './sample-texts';

export interface SampleCheckModalProps {
  opened: boolean;
  missing: readonly MissingField[];
  onClose(): void;
  onJump(field: MissingField): void;
}

export function SampleCheckModal({ opened, missing, onClose, onJump }: SampleCheckModalProps) {
  return (
    // returnFocus off: the jump focuses the field, the closing modal must not take the focus back to 'Verificar'.
    <Modal opened={opened} onClose={onClose} title={SAMPLE_TEXTS.checkTitle} centered returnFocus={false}>
      <Stack gap="md">
        {missing.length === 0 ? (
          <Text>{SAMPLE_TEXTS.checkNone}</Text>
        ) : (
          <>
            <Text>{SAMPLE_TEXTS.checkIntro(missing.length)}</Text>
            {SAMPLE_TABS.map(({ block, title }) => {
              const fields = missing.filter((field) => field.block === block);
              if (fields.length === 0) return null;
              return (
                <Stack key={block} gap={4} role="group" aria-label={title}>
                  <Title order={5}>{title}</Title>
                  {fields.map((field) => (
                    <Button
                      key={field.path}
                      variant="light"
                      color="orange"
                      justify="flex-start"
                      mih={44}
                      onClick={() => onJump(field)}
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                    >
                      {field.label}
                    </Button>
                  ))}
                </Stack>
              );
            })}
            <Text size="sm" c="dimmed">
              {SAMPLE_TEXTS.checkDraftNote}
            </Text>
          </>
        )}
        <Button variant="default" mih={44} onClick={onClose}>
          {SAMPLE_TEXTS.close}
        </Button>
      </Stack>
    </Modal>
  );
}
