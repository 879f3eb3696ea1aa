/**
 * /public/login?redirect=...&forgot=true: the login screen. After signing
 * in, the app decides where to go (redirect query, customer redirect,
 * overview).
 */
import { createFileRoute } from '@tanstack/react-router';
import { requestPasswordReset } from '@sync/http';
import { useAfterSignIn } from '@/app/auth/use-after-sign-in';
import { LoginPage } from '@/features/auth/login-page';

export interface LoginSearch {
  redirect?: string;
  forgot?: boolean;
}

export const Route = createFileRoute('/public/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: typeof search.redirect === 'string' && search.redirect ? search.redirect : undefined,
    forgot: search.forgot === true || search.forgot === 'true' ? true : undefined,
  }),
  component: LoginRoute,
});

function LoginRoute() {
  const { session, api } = Route.useRouteContext();
  const { redirect, forgot } = Route.useSearch();
  const afterSignIn = useAfterSignIn(redirect);
  return (
    <LoginPage signIn={session.signIn} onSignedIn={afterSignIn} requestPasswordReset={(email) => requestPasswordReset(api, email)} forgot={forgot} />
  );
}
