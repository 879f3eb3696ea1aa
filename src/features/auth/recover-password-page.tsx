/**
 * The recover-password screen (/public/recover-password/{token}, spec
 * sections 2 and 5). The token is checked first (`api/password/find`); an
 * invalid or expired link says so plainly instead of showing a form that
 * cannot work. Then: new password and confirmation, both needed ('Digite
 * sua nova senha') and equal ('As senhas não combinam'); success shows
 * 'Senha alterada com sucesso!' and goes to the login page.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { AUTH_MESSAGES } from '@sync/contract/auth';
import { errorMessageLines, isApiRequestError, type PasswordResetInput } from '@sync/react';
import { alertDanger, alertSuccess } from '@/ui/alerts';
import { hasErrors, validateNewPassword, type NewPasswordErrors } from './password-rules';
import '@/ui/styles/all-styles';

export const INVALID_RESET_LINK_MESSAGE = 'Este link de redefinição de senha é inválido ou expirou.';

type TokenCheck = { state: 'checking' } | { state: 'valid'; email: string } | { state: 'invalid' } | { state: 'failed'; message: string };

export interface RecoverPasswordPageProps {
  token: string;
  findPasswordReset: (token: string) => Promise<{ email: string }>;
  resetPassword: (input: PasswordResetInput) => Promise<unknown>;
}

export function RecoverPasswordPage({ token, findPasswordReset, resetPassword }: RecoverPasswordPageProps) {
  const navigate = useNavigate();
  const [check, setCheck] = useState<TokenCheck>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [saving, setSaving] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's trigger to check the link again.
  useEffect(() => {
    let cancelled = false;
    setCheck({ state: 'checking' });
    findPasswordReset(token).then(
      ({ email }) => !cancelled && setCheck({ state: 'valid', email }),
      (error: unknown) => {
        if (cancelled) return;
        const refused = isApiRequestError(error) && error.kind === 'http' && error.status !== null && error.status < 500;
        setCheck(refused ? { state: 'invalid' } : { state: 'failed', message: errorMessageLines(error).join('\n') });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, findPasswordReset, attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (check.state !== 'valid' || saving) return;
    const found = validateNewPassword(password, confirmation);
    setErrors(found);
    if (hasErrors(found)) return;
    setSaving(true);
    try {
      await resetPassword({ email: check.email, token, password, password_confirmation: confirmation });
      alertSuccess(AUTH_MESSAGES.passwordChanged);
      await navigate({ to: '/public/login', replace: true });
    } catch (error) {
      alertDanger(errorMessageLines(error));
      setSaving(false);
    }
  };

  const backToLogin = (
    <Anchor component={Link} to="/public/login" size="sm">
      Voltar para o login
    </Anchor>
  );

  if (check.state === 'checking') {
    return (
      <Stack align="center" gap="sm" py="md">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Verificando o link...
        </Text>
      </Stack>
    );
  }
  if (check.state === 'invalid') {
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          Redefinir senha
        </Title>
        <Alert color="red" variant="light" role="alert">
          {INVALID_RESET_LINK_MESSAGE} Peça um novo link em “Esqueceu a senha” na página de login.
        </Alert>
        {backToLogin}
      </Stack>
    );
  }
  if (check.state === 'failed') {
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          Redefinir senha
        </Title>
        <Alert color="yellow" variant="light" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {check.message}
        </Alert>
        <Button variant="light" onClick={() => setAttempt((n) => n + 1)}>
          Tentar novamente
        </Button>
        {backToLogin}
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Redefinir senha">
      <Stack gap="md">
        <Title order={2} size="h3">
          Redefinir senha
        </Title>
        <Text size="sm" c="dimmed">
          Crie uma nova senha para {check.email}.
        </Text>
        <PasswordInput
          label="Nova senha"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          autoFocus
        />
        <PasswordInput
          label="Confirme a nova senha"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
          error={errors.confirmation}
        />
        <Button type="submit" loading={saving} fullWidth>
          Alterar senha
        </Button>
        {backToLogin}
      </Stack>
    </form>
  );
}
