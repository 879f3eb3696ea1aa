/** /public: login and password pages inside the public frame. */
import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../app/layout/public-layout';

export const Route = createFileRoute('/public')({ component: PublicLayout });
