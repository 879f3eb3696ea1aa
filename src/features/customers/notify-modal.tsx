/**
 * 'Notificar por e-mail': tells the customer that new files are there. The
 * message starts as the template of the settings
 * (`message_sendMessageNewFilesUpload`) with the customer's placeholders
 * ({cliente}, {contato}…) filled in, and may be edited; the e-mail starts
 * as the customer's. Sent at once through the API (it needs a connection:
 * the button is only enabled online); success shows the server's 'Notificação
 * de novos arquivos enviada com sucesso'.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { fillCustomerPlaceholders, type PlaceholderCustomer } from '@sync/contract/message-template';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { errorMessage } from '@/ui/forms';
import { useLocalList } from '@sync/react/use-local-record';
import { NEW_FILES_TEMPLATE_OPTION, type CustomerRemote } from './customer-remote';
import { FILE_TEXTS } from './customer-texts';

export interface NotifyModalProps {
  opened: boolean;
  onClose: () => void;
  /** The customer notified; its name, type, document and contact fill the template. */
  customer: PlaceholderCustomer & { id: number; email: string | null };
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
  const [sending, setSending] = useState(false);

  // The template is the settings' kept on the device (read-only list), so it is there offline too.
  const settings = useLocalList('settings');
  const template = settings.loading ? null : (settings.rows.find((row) => row.option === NEW_FILES_TEMPLATE_OPTION)?.value ?? '');
  const [filledFor, setFilledFor] = useState<string | null>(null);
  if (template !== null && filledFor === null) {
    // Filled once per opening: a later change of the settings or the customer does not overwrite what the user typed.
    setFilledFor(template);
    setMessage((current) => current || fillCustomerPlaceholders(template, customer));
  }
  const loadingTemplate = template === null;

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
