/**
 * /verificar/{code}: the public verification of an approved sample's report
 * (issue 28). No sign-in and outside the admin layout; the page is its own
 * chunk and loads no store, sync engine or zod.
 */
import { createFileRoute } from '@tanstack/react-router';
import { VerifyPage } from '@/features/samples/review/verify-page';

export const Route = createFileRoute('/verificar/$code')({
  component: VerifyRoute,
});

function VerifyRoute() {
  const { code } = Route.useParams();
  return <VerifyPage code={code} origin={window.location.origin} />;
}
