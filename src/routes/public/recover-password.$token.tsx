/** /public/recover-password/{token}: choose a new password from an e-mailed link. */
import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { findPasswordReset, resetPassword } from '@sync/http';
import { RecoverPasswordPage } from '@/features/auth/recover-password-page';

export const Route = createFileRoute('/public/recover-password/$token')({ component: RecoverPasswordRoute });

function RecoverPasswordRoute() {
  const { api } = Route.useRouteContext();
  const { token } = Route.useParams();
  const find = useCallback((value: string) => findPasswordReset(api, value), [api]);
  return <RecoverPasswordPage token={token} findPasswordReset={find} resetPassword={(input) => resetPassword(api, input)} />;
}
