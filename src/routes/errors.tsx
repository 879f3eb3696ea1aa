/** /errors: the generic error page (spec section 2). */
import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '../app/errors/error-page';

export const Route = createFileRoute('/errors')({ component: ErrorPage });
