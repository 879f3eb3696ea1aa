/**
 * 'Notificar por e-mail': tells the customer that new files are there. The
 * message starts as the template of the settings
 * (`message_sendMessageNewFilesUpload`) and may be edited; the e-mail starts
 * as the customer's. Sent at once through the API (it needs a connection:
 * the button is only enabled online); success shows the server's 'Notificação
 * de novos arquivos enviada com sucesso'.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { alertDanger, alertSuccess } from '../../ui/alerts';
import { errorMessage } from '../../ui/forms';
import type { CustomerRemote } from './customer-remote';
import { FILE_TEXTS } from './customer-texts';

export interface NotifyModalProps {
  opened: boolean;
  onClose: () => void;
  customer: { id: number; email: string | null };
  remote: CustomerRemote;
}

export function NotifyModal({ opened, onClose, customer, remote }: NotifyModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={FILE_TEXTS.notifyModal.title} size="lg" centered>
      {opened ? <NotifyForm onClose={onClose} customer={customer} remote={remote} /> : null}
    </Modal>
  );
}

function NotifyForm({ onClose, customer, remote }: Omit<NotifyModalProps, 'opened'>) {
  const texts = FILE_TEXTS.notifyModal;
  const [email, setEmail] = useState(customer.email ?? '');
  const [message, setMessage] = useState('');
  const [loadingTemplate, setLoadingTemplate] = useState(true);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let active = true;
    remote
      .newFilesTemplate()
      .then((template) => {
        if (active) setMessage((current) => current || template);
      })
      // Without the template the server uses it anyway when the message is blank.
      .catch(() => undefined)
      .finally(() => {
        if (active) setLoadingTemplate(false);
      });
    return () => {
      active = false;
    };
  }, [remote]);

  const send = async () => {
    setSending(true);
    try {
      const answer = await remote.notifyNewFiles(customer.id, { email: email.trim() || null, message: message.trim() ? message : null });
      alertSuccess(answer);
      onClose();
    } catch (error) {
      alertDanger(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md">
      <TextInput label={texts.email} type="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
      <Textarea
        label={texts.message}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        rows={8}
        resize="vertical"
        disabled={loadingTemplate}
      />
      {loadingTemplate ? (
        <Text size="sm" c="dimmed">
          {texts.loadingTemplate}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={sending}>
          {texts.cancel}
        </Button>
        <Button onClick={() => void send()} loading={sending} disabled={loadingTemplate}>
          {texts.send}
        </Button>
      </Group>
    </Stack>
  );
}
