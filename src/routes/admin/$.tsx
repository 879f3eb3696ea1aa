/** Any unknown admin path goes to /admin/overview/ (spec section 2). */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/admin/$')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/overview', replace: true });
  },
});
