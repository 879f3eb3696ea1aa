/** `/` opens the admin area (which sends a signed-out visitor to the login). */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/overview', replace: true });
  },
});
