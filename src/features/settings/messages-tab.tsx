/**
 * 'Textos dos impressos' (spec section 3, "Message settings"): every
 * message text and the quotation deadlines, with the placeholders listed
 * beside the editors (a click writes one at the cursor of the text last
 * edited). The deadlines are a list that always keeps one row; blank rows
 * are not saved.
 */
import { ActionIcon, Button, Card, Grid, Group, Stack, Text, Textarea, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useRef } from 'react';
import { MESSAGE_DEADLINES_FIELD, MESSAGE_FIELDS, type MessageField, SETTINGS_MESSAGES } from '@sync/contract/settings-groups';
import { MESSAGE_LABELS, MESSAGES_TEXTS, SETTINGS_TEXTS } from './settings-texts';
import { groupValues, useGroupForm } from './use-group-form';
import { useSaveSettings } from './use-save-settings';

const FIELDS = [...MESSAGE_FIELDS, MESSAGE_DEADLINES_FIELD] as const;

type Deadline = { activity: string; description: string };
const BLANK: Deadline = { activity: '', description: '' };

/** The stored list, or one blank row (the list always shows one). */
function deadlinesOf(json: string): Deadline[] {
  try {
    const value: unknown = JSON.parse(json);
    if (Array.isArray(value)) {
      const rows = value.map((row) => ({ activity: String(row?.activity ?? ''), description: String(row?.description ?? '') }));
      if (rows.length > 0) return rows;
    }
  } catch {
    // An unreadable stored value starts the list again.
  }
  return [{ ...BLANK }];
}

export function MessagesTab({ settings }: { settings: Readonly<Record<string, string>> }) {
  const group = useGroupForm('message', FIELDS, () => {
    const values = groupValues('message', FIELDS, settings);
    return { ...values, deadlines: JSON.stringify(deadlinesOf(values.deadlines ?? '')) };
  });
  const { save, saving } = useSaveSettings();
  const lastEdited = useRef<{ field: MessageField; element: HTMLTextAreaElement } | null>(null);
  const deadlines = deadlinesOf(group.values.deadlines ?? '');

  const setDeadlines = (rows: Deadline[]) => group.form.setFieldValue('deadlines', JSON.stringify(rows.length > 0 ? rows : [{ ...BLANK }]));

  const insertPlaceholder = (placeholder: string) => {
    const target = lastEdited.current;
    if (!target) return;
    const current = group.form.getValues()[target.field] ?? '';
    const start = target.element.selectionStart ?? current.length;
    const end = target.element.selectionEnd ?? start;
    group.form.setFieldValue(target.field, current.slice(0, start) + placeholder + current.slice(end));
    target.element.focus();
  };

  const submit = async () => {
    const options = group.read();
    if (!options) return;
    const kept = deadlines.filter((row) => row.activity.trim() !== '' || row.description.trim() !== '');
    const body = options.map((o) => (o.option === `message_${MESSAGE_DEADLINES_FIELD}` ? { ...o, value: JSON.stringify(kept) } : o));
    const outcome = await save(body, SETTINGS_MESSAGES.messagesSaved);
    if (!outcome.ok) group.editor.showSaveError(outcome.error);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="md">
            {MESSAGE_FIELDS.map((name) => {
              const props = group.field(name);
              return (
                <Textarea
                  key={name}
                  label={MESSAGE_LABELS[name]}
                  rows={4}
                  resize="vertical"
                  {...props}
                  onFocus={(event) => {
                    lastEdited.current = { field: name, element: event.currentTarget };
                  }}
                />
              );
            })}
            <Title order={5}>{MESSAGES_TEXTS.deadlines}</Title>
            {deadlines.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
              <Group key={index} align="flex-end" wrap="nowrap" gap="xs">
                <TextInput
                  style={{ flex: 1 }}
                  label={MESSAGES_TEXTS.activity}
                  value={row.activity}
                  maxLength={255}
                  onChange={(event) => setDeadlines(deadlines.map((r, i) => (i === index ? { ...r, activity: event.currentTarget.value } : r)))}
                />
                <TextInput
                  style={{ flex: 2 }}
                  label={MESSAGES_TEXTS.description}
                  value={row.description}
                  maxLength={5000}
                  onChange={(event) => setDeadlines(deadlines.map((r, i) => (i === index ? { ...r, description: event.currentTarget.value } : r)))}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={MESSAGES_TEXTS.removeDeadline}
                  onClick={() => setDeadlines(deadlines.filter((_, i) => i !== index))}
                >
                  −
                </ActionIcon>
                {index === deadlines.length - 1 ? (
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={MESSAGES_TEXTS.addDeadline}
                    onClick={() => setDeadlines([...deadlines, { ...BLANK }])}
                  >
                    +
                  </ActionIcon>
                ) : null}
              </Group>
            ))}
            {group.editor.form.errors.deadlines ? (
              <Text c="red" size="sm">
                {group.editor.form.errors.deadlines}
              </Text>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Card withBorder padding="md" style={{ position: 'sticky', top: 16 }}>
            <Title order={5} mb="xs">
              {MESSAGES_TEXTS.placeholdersTitle}
            </Title>
            <Text size="xs" c="dimmed" mb="sm">
              {MESSAGES_TEXTS.placeholdersHint}
            </Text>
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {Object.entries(MESSAGES_TEXTS.placeholders).map(([placeholder, meaning]) => (
                <li key={placeholder}>
                  <UnstyledButton onMouseDown={(event) => event.preventDefault()} onClick={() => insertPlaceholder(placeholder)}>
                    <Text size="sm" ff="monospace" fw={600} span>
                      {placeholder}
                    </Text>{' '}
                    <Text size="sm" c="dimmed" span>
                      {meaning}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="lg">
        <Button type="submit" loading={saving}>
          {SETTINGS_TEXTS.save}
        </Button>
      </Group>
    </form>
  );
}
