/**
 * Who asks, in the terms of the review rules (sync/contract/samples/review.ts):
 * the caller's kind, whether they have the samples module and council data
 * on their stored profile, and the one setting the rules read
 * (`settings_allowSelfApproval`, read in the caller's transaction so a
 * change applies to the next call).
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ReviewActor, ReviewOptions } from '@sync/contract/samples';
import { settingName } from '@sync/contract/settings';
import { settingFlag } from '@sync/contract/settings-groups';
import { hasCouncil } from '@sync/contract/user';
import { requireAuth } from '@server/auth/authenticate';
import { hasModuleSlug } from '@server/auth/current-user';
import type { Db, Tx } from '@server/db/client';
import { options } from '@server/db/schema';

export const SELF_APPROVAL_OPTION = settingName('settings', 'allowSelfApproval');

export function reviewActorOf(request: FastifyRequest): ReviewActor {
  const { user } = requireAuth(request);
  return { userId: user.id, isCustomer: user.isCustomer, canWriteSamples: hasModuleSlug(user, 'samples'), hasCouncil: hasCouncil(user) };
}

export async function readReviewOptions(db: Db | Tx): Promise<ReviewOptions> {
  const [row] = await db.select({ value: options.value }).from(options).where(eq(options.option, SELF_APPROVAL_OPTION));
  return { allowSelfApproval: settingFlag(row?.value) };
}
