/**
 * The per-user e-mail quota: every e-mail the server sends on a signed-in
 * user's behalf (a quotation, a customer's files notice, a new user's
 * password) counts against `MAIL_PER_USER_PER_HOUR` (default 30) in a
 * sliding hour, whatever route or batch call asked for it. Over it the call
 * answers 429 with `Retry-After` and a Portuguese message, and nothing is
 * sent. Its state is the attempt store's (the database), so every server
 * process counts the same e-mails. Password recovery has its own limits
 * (server/auth/password-recovery-routes.ts).
 */
import type { Clock } from '../clock';
import type { AttemptStore } from '../auth/attempt-store';
import { WindowLimit } from '../auth/rate-limit';
import { HttpError } from '../http/errors';

const HOUR_MS = 60 * 60_000;

export const MAIL_QUOTA_MESSAGE = (perHour: number, minutes: number) =>
  `Limite de e-mails atingido: cada usuário pode enviar até ${perHour} e-mails por hora. Tente de novo em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;

export type MailQuota = {
  /** Counts one e-mail for the user, or throws 429 when the hour's quota is used up. */
  take(userId: number): Promise<void>;
};

export function createMailQuota(options: { store: AttemptStore; clock: Clock; perHour: number }): MailQuota {
  const limit = new WindowLimit({ store: options.store, clock: options.clock, name: 'mail-user', limit: options.perHour, windowMs: HOUR_MS });
  return {
    async take(userId) {
      const key = String(userId);
      const check = await limit.check(key);
      if (check.blocked) {
        const minutes = Math.max(1, Math.ceil(check.retryAfterSeconds / 60));
        throw new HttpError(429, MAIL_QUOTA_MESSAGE(options.perHour, minutes), { headers: { 'retry-after': String(check.retryAfterSeconds) } });
      }
      await limit.record(key);
    },
  };
}
