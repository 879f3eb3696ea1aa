/** Any unknown public path goes to the login page (spec section 2). */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/public/$')({
  beforeLoad: () => {
    throw redirect({ to: '/public/login', replace: true });
  },
});
