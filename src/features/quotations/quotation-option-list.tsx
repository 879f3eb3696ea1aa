/**
 * One option list of the quotation form (payment conditions, or exposition
 * types) as an administrator keeps it: the names as rows, 'Adicionar' for a
 * new one, the remove icon on each, and Salvar, which sends the whole list
 * online (`PUT api/quotation/payment-type` or `PUT api/quotation/type`;
 * sync/contract/quotation-options.ts) with the list it started from, so
 * that another administrator's changes meanwhile are kept, and refreshes
 * the device's copy. A
 * refusal (offline, a type in use left out, two equal names) shows the
 * server's message and keeps what was typed; a name's message shows at its
 * row. Others read the list.
 */
import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { namedRecordsResponseSchema } from '@sync/contract/lookups';
import {
  QUOTATION_OPTION_MESSAGES,
  QUOTATION_OPTION_PATHS,
  QUOTATION_OPTION_RESOURCES,
  type QuotationOptionList as OptionListName,
} from '@sync/contract/quotation-options';
import { useOnlineWrite } from '@sync/react/use-online-write';
import { useLocalList } from '@sync/react/use-local-record';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { errorMessage, fieldErrorsOf } from '@/ui/forms/sync-error';

export const OPTION_LIST_TEXTS = {
  titles: { paymentTypes: 'Formas de pagamento', expositionTypes: 'Tipos de exposição' },
  name: (title: string, index: number) => `${title}: nome ${index + 1}`,
  add: 'Adicionar',
  remove: (name: string) => `Remover ${name || 'linha'}`,
  save: 'Salvar',
  empty: 'Nenhum item na lista.',
  loading: 'Carregando…',
} as const;

const TOUCH = { input: { minHeight: 44 } } as const;

type Line = { id: number | null; name: string; uid: string };

let lastUid = 0;
const uid = () => `opcao-${++lastUid}`;

export function QuotationOptionList({ list, canEdit }: { list: OptionListName; canEdit: boolean }) {
  const title = OPTION_LIST_TEXTS.titles[list];
  const stored = useLocalList(QUOTATION_OPTION_RESOURCES[list]);
  const send = useOnlineWrite();
  // What is being edited; null until the user changes something (then the device's list is the one shown).
  const [draft, setDraft] = useState<Line[] | null>(null);
  // The list the draft started from: the server applies only what this screen changed in it.
  const [base, setBase] = useState<Line[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  if (stored.loading) return <Text c="dimmed">{OPTION_LIST_TEXTS.loading}</Text>;
  const fromDevice = stored.rows
    .filter((row) => row.id !== null)
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
    .map((row) => ({ id: row.id, name: row.name, uid: `id-${row.id}` }));
  const lines = draft ?? fromDevice;
  const edit = (next: Line[]) => {
    if (draft === null) setBase(fromDevice);
    setDraft(next);
    setErrors({});
  };

  const save = async () => {
    setSaving(true);
    try {
      await send(
        {
          method: 'PUT',
          path: QUOTATION_OPTION_PATHS[list],
          body: {
            types: lines.map(({ id, name }) => (id === null ? { name } : { id, name })),
            base: base.flatMap(({ id, name }) => (id === null ? [] : [{ id, name }])),
          },
          pulls: [QUOTATION_OPTION_RESOURCES[list]],
        },
        namedRecordsResponseSchema,
      );
      setDraft(null);
      alertSuccess(QUOTATION_OPTION_MESSAGES.saved[list]);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      alertDanger(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3}>{title}</Title>
      {lines.length === 0 ? <Text c="dimmed">{OPTION_LIST_TEXTS.empty}</Text> : null}
      {lines.map((line, index) =>
        canEdit ? (
          <Group key={line.uid} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={OPTION_LIST_TEXTS.name(title, index)}
              value={line.name}
              onChange={(event) => edit(lines.map((item) => (item.uid === line.uid ? { ...item, name: event.currentTarget.value } : item)))}
              error={errors[`types.${index}.name`] ?? errors[`types.${index}.id`]}
              styles={TOUCH}
              style={{ flex: 1 }}
            />
            <ActionIcon
              size={44}
              variant="light"
              color="red"
              aria-label={OPTION_LIST_TEXTS.remove(line.name)}
              onClick={() => edit(lines.filter((item) => item.uid !== line.uid))}
            >
              −
            </ActionIcon>
          </Group>
        ) : (
          <Text key={line.uid} mih={44} style={{ display: 'flex', alignItems: 'center' }}>
            {line.name}
          </Text>
        ),
      )}
      {canEdit ? (
        <Group gap="xs">
          <Button variant="default" mih={44} onClick={() => edit([...lines, { id: null, name: '', uid: uid() }])}>
            {OPTION_LIST_TEXTS.add}
          </Button>
          <Button mih={44} loading={saving} disabled={draft === null} onClick={() => void save()}>
            {OPTION_LIST_TEXTS.save}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
