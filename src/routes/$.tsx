/** Any unknown path outside /public and /admin goes to the admin area's default page. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/overview', replace: true });
  },
});
