/** /public/change-password/{token}: the spec's unfinished change-password form. */
import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '@/features/auth/change-password-page';

export const Route = createFileRoute('/public/change-password/$token')({ component: ChangePasswordPage });
