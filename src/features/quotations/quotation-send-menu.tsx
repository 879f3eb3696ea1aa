/**
 * Enviar (spec: Quotations, action buttons and modals): 'E-mail' (disabled
 * when the customer has no e-mail) opens the message editor prefilled from
 * the message setting `message_sendMessage` with the placeholders filled;
 * 'Whatsapp' (disabled without a phone) asks for the phone and the message
 * (`message_sendMessageWhats`).
 *
 * Both are outbox commands (sync/store/registry/quotations.ts): queued on
 * the device, sent once when there is a connection, with one
 * Idempotency-Key across retries, so one click is never two e-mails.
 * Online, 'Orçamento enviado com sucesso' shows once the server accepted
 * the e-mail (FollowSend); offline, that it was kept for later. The
 * WhatsApp link is built here with the same function the server uses and
 * opened in a new tab at once (offline too); the command records the send
 * (`sent_whatsapp_at`) when it reaches the server. A quotation not synced
 * yet has no number: {orcamento} is left in the e-mail for the server to
 * fill when it sends.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Group, Menu, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { QUOTATION_SEND_MESSAGES, SEND_TEMPLATE_OPTIONS, fillQuotationPlaceholders } from '@sync/contract/quotation-send';
import { MESSAGE_PLACEHOLDERS } from '@sync/contract/settings';
import { useSyncActions } from '@sync/react/use-sync-actions';
import { usePendingChanges } from '@sync/react/use-sync-status';
import { useLocalRecord } from '@sync/react/use-local-record';
import type { LocalQuotation } from '@sync/react';
import { maskPhone } from '@/domain/masks';
import { toCents } from '@/domain/money';
import { whatsappLink } from '@/domain/whatsapp-link';
import { alertDanger, alertSuccess, alertWarning } from '@/ui/alerts';
import { errorMessage, fieldErrorsOf } from '@/ui/forms';
import { useQuotationPrintSources } from './quotation-print-sources';
import { openLink } from '@/entities/print/print-window';

export const SEND_TEXTS = {
  send: 'Enviar',
  email: 'E-mail',
  whatsapp: 'Whatsapp',
  emailTitle: 'Enviar orçamento por e-mail',
  whatsappTitle: 'Enviar orçamento por Whatsapp',
  emailField: 'E-mail',
  phoneField: 'Telefone',
  messageField: 'Mensagem',
  cancel: 'Cancelar',
  sent: QUOTATION_SEND_MESSAGES.sent,
  queued: 'Sem conexão: o envio foi guardado e será feito assim que a conexão voltar.',
  stillQueued: 'O envio está na fila e será feito assim que o servidor responder.',
} as const;

/** How long the page waits for a queued e-mail to be sent before saying it stays queued. */
const FOLLOW_MS = 20_000;

/**
 * Follows a queued e-mail while online: 'Orçamento enviado com sucesso' once
 * the server has accepted it (its entry left the outbox), the server's
 * message if it refused it, or that it stays queued after FOLLOW_MS.
 * Mounted only while following, so the outbox is read only then.
 */
function FollowSend({ seq, onSettled }: { seq: number; onSettled: () => void }) {
  const changes = usePendingChanges();
  // One answer only, even if the outbox moves again before this unmounts.
  const settled = useRef(false);
  const settle = useCallback(
    (show: () => void) => {
      if (settled.current) return;
      settled.current = true;
      show();
      onSettled();
    },
    [onSettled],
  );
  useEffect(() => {
    if (changes.loading) return;
    const entry = changes.changes.find((change) => change.seq === seq);
    if (!entry) settle(() => alertSuccess(SEND_TEXTS.sent));
    else if (entry.status === 'failed') settle(() => alertDanger(entry.error?.message ?? SEND_TEXTS.stillQueued));
  }, [changes, seq, settle]);
  useEffect(() => {
    const timer = setTimeout(() => settle(() => alertWarning(SEND_TEXTS.stillQueued)), FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [settle]);
  return null;
}

type Channel = 'email' | 'whatsapp';

export function QuotationSendMenu({ quotation }: { quotation: LocalQuotation }) {
  const sources = useQuotationPrintSources(quotation);
  const customer = useLocalRecord('customers', quotation.customer_key);
  const { runCommand, syncNow } = useSyncActions();
  const [open, setOpen] = useState<Channel | null>(null);
  const [address, setAddress] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [following, setFollowing] = useState<number | null>(null);

  const stopFollowing = useCallback(() => setFollowing(null), []);
  const record = customer.loading ? undefined : customer.record;
  const email = record?.email || record?.contact?.email || '';
  const phone = record?.phone || quotation.customer_phone || record?.contact?.phone || '';

  /** The template filled with what the device knows ({orcamento} kept for the server when there is no number yet). */
  const prefill = (channel: Channel): string => {
    const template = sources?.settings.find((option) => option.option === SEND_TEMPLATE_OPTIONS[channel])?.value ?? '';
    return fillQuotationPlaceholders(
      template,
      {
        name: record?.name ?? quotation.customer_name ?? '',
        type: record?.type ?? 'individual',
        document: record?.document ?? null,
        contactName: record?.contact?.name ?? null,
      },
      {
        referenceNo: quotation.reference_no ?? (channel === 'email' ? MESSAGE_PLACEHOLDERS.quotationId : null),
        totalCents: toCents(quotation.total) ?? 0,
      },
    );
  };

  const start = (channel: Channel) => {
    setAddress(channel === 'email' ? email : maskPhone(phone));
    setMessage(prefill(channel));
    setErrors({});
    setOpen(channel);
  };

  const queued = (seq: number) => {
    if (globalThis.navigator?.onLine === false) alertWarning(SEND_TEXTS.queued);
    else {
      setFollowing(seq);
      syncNow();
    }
  };

  const sendEmail = async () => {
    setBusy(true);
    try {
      const seq = await runCommand('quotations', quotation.key, 'sendEmail', { email: address, message });
      setOpen(null);
      queued(seq);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields && Object.keys(fields).length > 0) setErrors(fields);
      else alertDanger(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const sendWhatsapp = () => {
    const link = whatsappLink(address, message);
    if (link === null) {
      setErrors({ phone: QUOTATION_SEND_MESSAGES.phoneInvalid });
      return;
    }
    if (message.trim() === '') {
      setErrors({ message: QUOTATION_SEND_MESSAGES.messageRequired });
      return;
    }
    // Opened inside the click (a pop-up opened after an await is blocked).
    if (!openLink(link)) return;
    setOpen(null);
    runCommand('quotations', quotation.key, 'sendWhatsapp', { phone: address, message })
      .then(() => syncNow())
      .catch((error: unknown) => alertDanger(errorMessage(error)));
  };

  return (
    <>
      {following !== null ? <FollowSend seq={following} onSettled={stopFollowing} /> : null}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" mih={44} disabled={!sources}>
            {SEND_TEXTS.send}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item disabled={!email} onClick={() => start('email')}>
            {SEND_TEXTS.email}
          </Menu.Item>
          <Menu.Item disabled={!phone} onClick={() => start('whatsapp')}>
            {SEND_TEXTS.whatsapp}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={open !== null}
        onClose={() => (busy ? undefined : setOpen(null))}
        title={open === 'whatsapp' ? SEND_TEXTS.whatsappTitle : SEND_TEXTS.emailTitle}
        centered
        size="lg"
      >
        <Stack>
          {open === 'whatsapp' ? (
            <TextInput
              label={SEND_TEXTS.phoneField}
              name="phone"
              value={address}
              onChange={(event) => setAddress(event.currentTarget.value)}
              error={errors.phone}
            />
          ) : (
            <TextInput
              label={SEND_TEXTS.emailField}
              name="email"
              type="email"
              value={address}
              onChange={(event) => setAddress(event.currentTarget.value)}
              error={errors.email}
            />
          )}
          <Textarea
            label={SEND_TEXTS.messageField}
            name="message"
            rows={8}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            error={errors.message}
          />
          <Group justify="flex-end">
            <Button variant="default" mih={44} disabled={busy} onClick={() => setOpen(null)}>
              {SEND_TEXTS.cancel}
            </Button>
            <Button mih={44} loading={busy} onClick={() => (open === 'whatsapp' ? sendWhatsapp() : void sendEmail())}>
              {SEND_TEXTS.send}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
