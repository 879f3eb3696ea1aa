/**
 * /admin/controle-de-acesso: the separate access-control page of the spec
 * (section 2). Access control lives in 'Configurações', tab 'Controle de
 * acesso': an administrator is sent to /admin/settings; anyone else is told
 * it is for administrators only.
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { isAdminUser } from '@sync/react';
import { AdminOnlyNotice } from '@/features/settings/access-control';

export const Route = createFileRoute('/admin/controle-de-acesso')({
  beforeLoad: ({ context }) => {
    const user = context.session.getState().user;
    if (user && isAdminUser(user)) throw redirect({ to: '/admin/settings', replace: true });
  },
  component: AdminOnlyNotice,
});
