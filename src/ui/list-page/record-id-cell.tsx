/**
 * The '#' column of the synced lists: the server id, or a 'Pendente' badge
 * for a record created on this device and not sent yet; plus a warning badge
 * when a change to the record was refused ('Falhou') or conflicts
 * ('Conflito'), which opens the sync page where the user settles it.
 */
import { Anchor, Badge, Group, Tooltip } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { RecordProblem } from '@sync/react/use-outbox-problems';

/** The sync page (built with the app's sync status). */
export const SYNC_PAGE_PATH = '/admin/sincronizacao';

export const RECORD_STATUS_LABELS = {
  pending: 'Pendente',
  pendingHint: 'Ainda não enviado ao servidor',
  failed: 'Falhou',
  conflict: 'Conflito',
} as const;

export function ProblemBadge({ problem }: { problem: RecordProblem }) {
  const router = useRouter();
  const label = problem.status === 'conflict' ? RECORD_STATUS_LABELS.conflict : RECORD_STATUS_LABELS.failed;
  return (
    <Tooltip label={problem.message || label} multiline maw={320} withinPortal>
      <Anchor
        href={SYNC_PAGE_PATH}
        onClick={(event) => {
          event.preventDefault();
          router.history.push(SYNC_PAGE_PATH);
        }}
        underline="never"
      >
        <Badge color={problem.status === 'conflict' ? 'orange' : 'red'} variant="light" size="sm" style={{ cursor: 'pointer' }}>
          {label}
        </Badge>
      </Anchor>
    </Tooltip>
  );
}

export function RecordIdCell({ id, problem }: { id: number | null; problem?: RecordProblem }) {
  return (
    <Group gap={4} wrap="wrap">
      {id !== null ? (
        <span>{id}</span>
      ) : (
        <Tooltip label={RECORD_STATUS_LABELS.pendingHint} withinPortal>
          <Badge color="gray" variant="light" size="sm">
            {RECORD_STATUS_LABELS.pending}
          </Badge>
        </Tooltip>
      )}
      {problem ? <ProblemBadge problem={problem} /> : null}
    </Group>
  );
}

/** 'Pendente' for a record page whose record was not sent yet. */
export function PendingBadge() {
  return (
    <Tooltip label={RECORD_STATUS_LABELS.pendingHint} withinPortal>
      <Badge color="gray" variant="light">
        {RECORD_STATUS_LABELS.pending}
      </Badge>
    </Tooltip>
  );
}
