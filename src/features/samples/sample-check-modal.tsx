/**
 * 'Verificar' (FIELD-UX item 3, issue 21): by tab, the fields whose value
 * the contract refuses (in red, with its message: these stop Salvar) and the
 * blank required ones (in orange: these never do); touching one closes the
 * list and jumps to it (the page opens its tab and focuses the field).
 */
import { Button, Modal, Stack, Text, Title } from '@mantine/core';
import type { MissingField } from '@/domain/form-paths';
import type { InvalidField } from './sample-check';
import { SAMPLE_TABS } from './sample-tab-types';
import { SAMPLE_FIELD_CHECK_TEXTS, SAMPLE_TEXTS } from './sample-texts';

export interface SampleCheckModalProps {
  opened: boolean;
  missing: readonly MissingField[];
  /** The fields the contract refuses; none when absent. */
  invalid?: readonly InvalidField[];
  onClose(): void;
  onJump(field: MissingField): void;
}

const NONE: readonly InvalidField[] = [];
const WRAP = { label: { whiteSpace: 'normal', textAlign: 'left' } } as const;

export function SampleCheckModal({ opened, missing, invalid = NONE, onClose, onJump }: SampleCheckModalProps) {
  const T = SAMPLE_FIELD_CHECK_TEXTS;
  const empty = missing.length === 0 && invalid.length === 0;
  return (
    // returnFocus off: the jump focuses the field, the closing modal must not take the focus back to 'Verificar'.
    <Modal opened={opened} onClose={onClose} title={invalid.length > 0 ? T.checkTitle : SAMPLE_TEXTS.checkTitle} centered returnFocus={false}>
      <Stack gap="md">
        {empty ? (
          <Text>{SAMPLE_TEXTS.checkNone}</Text>
        ) : (
          <>
            <Text>{invalid.length > 0 ? T.checkIntro(invalid.length, missing.length) : SAMPLE_TEXTS.checkIntro(missing.length)}</Text>
            {SAMPLE_TABS.map(({ block, title }) => {
              const wrong = invalid.filter((field) => field.block === block);
              const blank = missing.filter((field) => field.block === block);
              if (wrong.length === 0 && blank.length === 0) return null;
              return (
                <Stack key={block} gap={4} role="group" aria-label={title}>
                  <Title order={5}>{title}</Title>
                  {wrong.map((field) => (
                    <Button
                      key={`invalid:${field.path}`}
                      variant="light"
                      color="red"
                      justify="flex-start"
                      mih={44}
                      h="auto"
                      py={6}
                      data-invalid="true"
                      aria-label={`${field.label}: ${field.message}`}
                      onClick={() => onJump(field)}
                      styles={WRAP}
                    >
                      <span>
                        {field.label}
                        <Text span display="block" size="xs" fw={400}>
                          {field.message}
                        </Text>
                      </span>
                    </Button>
                  ))}
                  {blank.map((field) => (
                    <Button key={field.path} variant="light" color="orange" justify="flex-start" mih={44} onClick={() => onJump(field)} styles={WRAP}>
                      {field.label}
                    </Button>
                  ))}
                </Stack>
              );
            })}
            {invalid.length > 0 ? (
              <Text size="sm" c="dimmed">
                {T.checkInvalidNote}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {SAMPLE_TEXTS.checkDraftNote}
              </Text>
            )}
          </>
        )}
        <Button variant="default" mih={44} onClick={onClose}>
          {SAMPLE_TEXTS.close}
        </Button>
      </Stack>
    </Modal>
  );
}
