/**
 * /public/login?redirect=...&forgot=true: the login screen. After signing
 * in, the app decides where to go (redirect query, customer redirect,
 * overview). Nothing here may bring zod onto the login page (see
 * docs/decisions/first-load-margin.md).
 */
import { createFileRoute } from '@tanstack/react-router';
import type { ApiClient } from '@sync/http';
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

/**
 * The reset call parses its answer with the contract's zod schema; it is
 * fetched with the modal that makes it (zod stays off the login page).
 */
async function requestPasswordReset(api: ApiClient, email: string): Promise<unknown> {
  const { requestPasswordReset: request } = await import('@sync/http/account-api');
  return request(api, email);
}

function LoginRoute() {
  const { session, api } = Route.useRouteContext();
  const { redirect, forgot } = Route.useSearch();
  const afterSignIn = useAfterSignIn(redirect);
  return (
    <LoginPage signIn={session.signIn} onSignedIn={afterSignIn} requestPasswordReset={(email) => requestPasswordReset(api, email)} forgot={forgot} />
  );
}
