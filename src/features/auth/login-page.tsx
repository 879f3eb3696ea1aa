/**
 * The login screen (/public/login, spec sections 2, 4, 5): username and
 * password, both required; Enter submits; a failure shows the message and
 * clears the password; 'Esqueceu a senha' opens the reset modal; with
 * `?forgot=true` the reset-link success alert shows. The modal's code (and
 * its e-mail check) is fetched the first time it opens, so the login page
 * itself stays small.
 */
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { AUTH_MESSAGES } from '@sync/contract/auth-texts';
import type { SignInResult } from '@sync/react';
import { alertSuccess } from '@/ui/alerts';
import { signInErrorMessage } from './sign-in-error';

const ForgotPasswordModal = lazy(() => import('./forgot-password-modal').then((module) => ({ default: module.ForgotPasswordModal })));

export const LOGIN_REQUIRED = { username: 'Usuário é obrigatório', password: 'Senha é obrigatória' } as const;

export interface LoginPageProps {
  signIn: (username: string, password: string) => Promise<SignInResult>;
  onSignedIn: (result: SignInResult) => void | Promise<void>;
  requestPasswordReset: (email: string) => Promise<unknown>;
  /** `?forgot=true`: the reset link was just sent. */
  forgot?: boolean;
}

export function LoginPage({ signIn, onSignedIn, requestPasswordReset, forgot = false }: LoginPageProps) {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [forgotOpened, setForgotOpened] = useState(false);
  // Mounted from the first opening on, so closing still plays the modal's transition.
  const [forgotMounted, setForgotMounted] = useState(false);
  const announcedForgot = useRef(false);
  const usernameRef = useRef<HTMLInputElement>(null);

  // The username field takes the focus once the page has been painted, not
  // during React's commit (`autoFocus`): focusing there forces a layout of
  // the whole new page inside the commit, the longest part of the login
  // page's start-up task on a slow device.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body) usernameRef.current?.focus();
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (!forgot || announcedForgot.current) return;
    announcedForgot.current = true;
    alertSuccess(AUTH_MESSAGES.resetLinkSent);
  }, [forgot]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const errors = {
      username: username.trim() ? undefined : LOGIN_REQUIRED.username,
      password: password ? undefined : LOGIN_REQUIRED.password,
    };
    setFieldErrors(errors);
    if (errors.username || errors.password) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await signIn(username.trim(), password);
      await onSignedIn(result);
    } catch (error) {
      setFailure(signInErrorMessage(error));
      setPassword('');
      setSubmitting(false);
    }
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Entrar">
        <Stack gap="md">
          <Title order={2} size="h3">
            Entrar
          </Title>
          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="login-error">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label="Usuário"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={username}
            onChange={(event) => {
              setUsername(event.currentTarget.value);
              setFieldErrors((e) => ({ ...e, username: undefined }));
            }}
            error={fieldErrors.username}
            required
            ref={usernameRef}
          />
          <PasswordInput
            label="Senha"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setFieldErrors((e) => ({ ...e, password: undefined }));
            }}
            error={fieldErrors.password}
            required
          />
          <Button type="submit" loading={submitting} fullWidth>
            Entrar
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setForgotMounted(true);
              setForgotOpened(true);
            }}
            ta="center"
          >
            Esqueceu a senha
          </Anchor>
        </Stack>
      </form>
      {forgotMounted ? (
        <Suspense fallback={null}>
          <ForgotPasswordModal
            opened={forgotOpened}
            onClose={() => setForgotOpened(false)}
            requestPasswordReset={requestPasswordReset}
            onSent={() => {
              setForgotOpened(false);
              announcedForgot.current = true;
              alertSuccess(AUTH_MESSAGES.resetLinkSent);
              void navigate({ to: '/public/login', search: { forgot: true }, replace: true });
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
