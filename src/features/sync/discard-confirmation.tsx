/**
 * Discarding is the only way a change is ever lost, so it is asked twice:
 * 'Descartar' first reads what would be lost (previewDiscard: the sentence,
 * and for a changed record each field with my value and the value it
 * returns to), shows it in the shared confirmation modal, and only
 * 'Descartar' there removes the change.
 */
import { useState, type ReactNode } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import type { DiscardReport } from '@sync/react';
import { ConfirmModal } from '@/ui/confirm-modal';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { formatFieldValue } from './format-sync-value';
import { messageOf } from './message-of';
import { SYNC_TEXTS } from './sync-texts';

export function DiscardSummary({ report }: { report: DiscardReport }) {
  return (
    <Stack gap="sm" data-testid="discard-summary">
      <Text>{report.message}</Text>
      {report.fields.length > 0 ? (
        <Table withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{SYNC_TEXTS.field}</Table.Th>
              <Table.Th>{SYNC_TEXTS.lostValue}</Table.Th>
              <Table.Th>{SYNC_TEXTS.restoredValue}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.fields.map((field) => (
              <Table.Tr key={field.field}>
                <Table.Td>{field.label}</Table.Td>
                {/* pre-line: a nested value (a document's lines) is written one item per line. */}
                <Table.Td style={{ whiteSpace: 'pre-line' }}>{formatFieldValue(field.field, field.mine)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-line' }}>{formatFieldValue(field.field, field.theirs)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

export interface DiscardActions {
  previewDiscard: (seq: number) => Promise<DiscardReport>;
  discardEntry: (seq: number) => Promise<DiscardReport>;
}

export function useDiscardConfirmation(actions: DiscardActions): { askDiscard: (seq: number) => Promise<void>; confirmation: ReactNode } {
  const [report, setReport] = useState<DiscardReport | null>(null);
  const [discarding, setDiscarding] = useState(false);

  async function askDiscard(seq: number) {
    try {
      setReport(await actions.previewDiscard(seq));
    } catch (error) {
      alertDanger(messageOf(error));
    }
  }

  async function confirm() {
    if (!report) return;
    setDiscarding(true);
    try {
      await actions.discardEntry(report.seq);
      alertSuccess(SYNC_TEXTS.discardedAlert);
      setReport(null);
    } catch (error) {
      alertDanger(messageOf(error));
      setReport(null);
    } finally {
      setDiscarding(false);
    }
  }

  const confirmation = (
    <ConfirmModal
      opened={report !== null}
      title={SYNC_TEXTS.discardTitle}
      message={report ? <DiscardSummary report={report} /> : ''}
      confirmLabel={SYNC_TEXTS.discard}
      loading={discarding}
      onCancel={() => setReport(null)}
      onConfirm={() => void confirm()}
    />
  );
  return { askDiscard, confirmation };
}
