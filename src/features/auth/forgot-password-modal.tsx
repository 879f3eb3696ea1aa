/**
 * The 'Esqueceu a senha' modal (spec sections 2, 4, 5): asks for an e-mail
 * and requests the reset link. Nothing happens while the e-mail is empty;
 * an invalid e-mail shows 'E-mail é inválido'; on success the modal closes
 * and the caller shows the login page with the success alert.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
// Loaded with this modal, on demand: the login page's own styles do not include the modal's.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { z } from 'zod';
import { AUTH_MESSAGES } from '@sync/contract/auth';
import { errorMessageLines } from '@sync/react';

const emailSchema = z.string().trim().email();

export interface ForgotPasswordModalProps {
  opened: boolean;
  onClose: () => void;
  requestPasswordReset: (email: string) => Promise<unknown>;
  onSent: () => void;
}

export function ForgotPasswordModal({ opened, onClose, requestPasswordReset, onSent }: ForgotPasswordModalProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const close = () => {
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    if (!typed || sending) return;
    if (!emailSchema.safeParse(typed).success) {
      setError(AUTH_MESSAGES.invalidEmail);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await requestPasswordReset(typed);
      setEmail('');
      onSent();
    } catch (failure) {
      setError(errorMessageLines(failure).join('\n'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Esqueceu a senha" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Informe seu e-mail e enviaremos um link para você criar uma nova senha.
          </Text>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            styles={{ error: { whiteSpace: 'pre-line' } }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={sending}>
              Cancelar
            </Button>
            <Button type="submit" loading={sending}>
              Enviar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
