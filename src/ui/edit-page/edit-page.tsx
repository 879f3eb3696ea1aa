/**
 * The frame of a record page (spec: card 'Dados cadastrais', Salvar, delete,
 * 'Novo …'): title and header actions, a warning when a change to the record
 * was refused or conflicts, the card with the form and its buttons, then
 * whatever follows (the equipment section). Also the loading and not-found
 * states of a page opened by a route parameter.
 */
import type { FormEvent, ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { RecordProblem } from '@sync/react/use-outbox-problems';
import { SYNC_PAGE_PATH } from '../list-page/record-id-cell';

export const EDIT_TEXTS = {
  card: 'Dados cadastrais',
  save: 'Salvar',
  delete: 'Deletar',
  loading: 'Carregando…',
  notFound: 'Registro não encontrado neste dispositivo.',
  notFoundHint: 'Ele pode ter sido excluído, ou ainda não foi recebido do servidor.',
  failedTitle: 'O servidor recusou uma alteração deste registro',
  conflictTitle: 'Este registro foi alterado por outra pessoa',
  conflictHint: 'Escolha qual versão manter na página de sincronização.',
  openSync: 'Abrir Sincronização',
  pending: 'Ainda não enviado ao servidor',
} as const;

export interface EditPageProps {
  title: string;
  /** Header buttons ('Novo agente'). */
  actions?: ReactNode;
  problem?: RecordProblem;
  onSubmit: () => void;
  saving?: boolean;
  /** Shows the delete button (existing records only). */
  onDelete?: () => void;
  /** Between the title row and the card (badges such as 'Pendente'). */
  status?: ReactNode;
  /** The form fields. */
  children: ReactNode;
  /** Below the card (equipment section, modals). */
  after?: ReactNode;
}

function ProblemAlert({ problem }: { problem: RecordProblem }) {
  const router = useRouter();
  const conflict = problem.status === 'conflict';
  return (
    <Alert color={conflict ? 'orange' : 'red'} variant="light" title={conflict ? EDIT_TEXTS.conflictTitle : EDIT_TEXTS.failedTitle}>
      <Stack gap={4}>
        {problem.message ? <Text size="sm">{problem.message}</Text> : null}
        {conflict ? <Text size="sm">{EDIT_TEXTS.conflictHint}</Text> : null}
        <Anchor
          href={SYNC_PAGE_PATH}
          size="sm"
          onClick={(event) => {
            event.preventDefault();
            router.history.push(SYNC_PAGE_PATH);
          }}
        >
          {EDIT_TEXTS.openSync}
        </Anchor>
      </Stack>
    </Alert>
  );
}

export function EditPage({ title, actions, problem, onSubmit, saving = false, onDelete, status, children, after }: EditPageProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSubmit();
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm" align="center">
          <Title order={2}>{title}</Title>
          {status}
        </Group>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
      {problem ? <ProblemAlert problem={problem} /> : null}
      <Card withBorder padding="lg" radius="md">
        <form onSubmit={submit} noValidate aria-label={EDIT_TEXTS.card}>
          <Stack gap="md">
            <Text fw={600} size="lg">
              {EDIT_TEXTS.card}
            </Text>
            {children}
            <Group justify="flex-end" gap="sm">
              {onDelete ? (
                <Button type="button" color="red" variant="light" onClick={onDelete} disabled={saving}>
                  {EDIT_TEXTS.delete}
                </Button>
              ) : null}
              <Button type="submit" loading={saving}>
                {EDIT_TEXTS.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {after}
    </Stack>
  );
}

export function PageLoading() {
  return (
    <Center py="xl" aria-busy="true">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{EDIT_TEXTS.loading}</Text>
      </Group>
    </Center>
  );
}

export function RecordNotFound({ title, back }: { title: string; back?: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Alert color="gray" variant="light" title={EDIT_TEXTS.notFound}>
        <Stack gap="xs">
          <Text size="sm">{EDIT_TEXTS.notFoundHint}</Text>
          {back}
        </Stack>
      </Alert>
    </Stack>
  );
}
