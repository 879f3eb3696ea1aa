/**
 * A quotation's status as a dropdown (spec section 4): the current status
 * and the changes the transitions table allows. Rascunho → Pendente first
 * asks 'Deseja marcar esse orçamento como enviado para o cliente?' (Não
 * sends markAsSent false, Sim true); any other change goes at once. The
 * change is a 'status' command in the outbox: it works offline, shows at
 * once, and the dropdown says it is not sent yet while it waits.
 */
import { useState } from 'react';
import { Badge, Button, Group, Modal, NativeSelect, Stack, Text, Tooltip } from '@mantine/core';
import { QUOTATION_STATUSES, QUOTATION_TRANSITIONS, type QuotationStatus } from '@sync/contract/quotations';
import { useSyncActions } from '@sync/react/use-sync-actions';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms';
import { QUOTATION_TEXTS } from './quotation-texts';

/** The statuses the dropdown offers from `current`: itself first, then the allowed changes in the spec's order. */
export function statusOptions(current: QuotationStatus): QuotationStatus[] {
  return QUOTATION_STATUSES.filter((status) => status === current || QUOTATION_TRANSITIONS[current].includes(status));
}

export interface QuotationStatusMenuProps {
  quotation: { key: string; status: QuotationStatus };
  /** A status change of this quotation is still in the outbox. */
  pending?: boolean;
  /** Called after the change is queued (the form re-reads nothing: the record follows the store). */
  onChanged?: (status: QuotationStatus) => void;
}

export function QuotationStatusMenu({ quotation, pending = false, onChanged }: QuotationStatusMenuProps) {
  const { runCommand } = useSyncActions();
  const [asking, setAsking] = useState<QuotationStatus | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (status: QuotationStatus, markAsSent?: boolean) => {
    setBusy(true);
    try {
      await runCommand('quotations', quotation.key, 'status', markAsSent === undefined ? { status } : { status, markAsSent });
      alertSuccess(QUOTATION_TEXTS.statusChanged);
      onChanged?.(status);
    } catch (error) {
      alertDanger(errorMessage(error));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  const choose = (status: QuotationStatus) => {
    if (status === quotation.status) return;
    if (quotation.status === 'open' && status === 'pending') setAsking(status);
    else void send(status);
  };

  return (
    // The badge goes under the select: in a narrow Status column it keeps its own line.
    <Stack gap={4} align="flex-start">
      <NativeSelect
        aria-label={QUOTATION_TEXTS.columns.status}
        value={quotation.status}
        disabled={busy}
        onChange={(event) => choose(event.currentTarget.value as QuotationStatus)}
        data={statusOptions(quotation.status).map((status) => ({ value: status, label: QUOTATION_TEXTS.statusLabels[status] }))}
        styles={{ input: { minHeight: 44, minWidth: 130 } }}
      />
      {pending ? (
        <Tooltip label={QUOTATION_TEXTS.statusPending} withinPortal>
          <Badge color="gray" variant="light" size="sm" style={{ flexShrink: 0, maxWidth: 'none' }}>
            {QUOTATION_TEXTS.statusPendingBadge}
          </Badge>
        </Tooltip>
      ) : null}
      <Modal opened={asking !== null} onClose={() => (busy ? undefined : setAsking(null))} title={QUOTATION_TEXTS.markAsSentTitle} centered>
        <Text>{QUOTATION_TEXTS.markAsSentQuestion}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" mih={44} disabled={busy} onClick={() => asking && void send(asking, false)}>
            {QUOTATION_TEXTS.no}
          </Button>
          <Button mih={44} loading={busy} onClick={() => asking && void send(asking, true)}>
            {QUOTATION_TEXTS.yes}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
