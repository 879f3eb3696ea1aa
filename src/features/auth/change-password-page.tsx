/**
 * The change-password screen (/public/change-password/{token}). The spec
 * describes it as an unfinished form (old, new and confirm password) that
 * only checks that the new password equals the confirmation — and that is
 * all it does here, said plainly on the page: no call is made. Password
 * changes go through 'Esqueceu a senha' (or the profile, later).
 */
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { AUTH_MESSAGES } from '@sync/contract/auth';
import { alertWarning } from '@/ui/alerts';
import '@/ui/styles/all-styles';

export const CHANGE_PASSWORD_UNAVAILABLE = 'A troca de senha por esta página ainda não está disponível. Use “Esqueceu a senha” na página de login.';

export function ChangePasswordPage() {
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const differ = password !== confirmation;
    setMismatch(differ);
    if (!differ) alertWarning(CHANGE_PASSWORD_UNAVAILABLE);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Alterar senha">
      <Stack gap="md">
        <Title order={2} size="h3">
          Alterar senha
        </Title>
        <Alert color="gray" variant="light">
          {CHANGE_PASSWORD_UNAVAILABLE}
        </Alert>
        <PasswordInput
          label="Senha atual"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(event) => setOldPassword(event.currentTarget.value)}
        />
        <PasswordInput label="Nova senha" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
        <PasswordInput
          label="Confirme a nova senha"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
          error={mismatch ? AUTH_MESSAGES.passwordsDiffer : undefined}
        />
        <Button type="submit" fullWidth>
          Alterar senha
        </Button>
        <Anchor component={Link} to="/public/login" size="sm">
          Voltar para o login
        </Anchor>
      </Stack>
    </form>
  );
}
