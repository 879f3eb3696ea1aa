/**
 * The signed-in user in the terms of a sample's review rules
 * (sync/contract/samples/review.ts `ReviewActor`): customer-type or not,
 * with the samples module (administrators always), with council data on the
 * profile. The routes build it from the session's user and hand it to the
 * sample screens, which ask `reviewRefusal` and `editScope` with it, as the
 * server does with the same rules.
 */
import { mayRead, READ_ACCESS, readerOf } from '@sync/contract/access';
import type { ReviewActor } from '@sync/contract/samples';
import { hasCouncil, type CurrentUser } from '@sync/contract/user';

export function reviewActorOf(user: CurrentUser): ReviewActor {
  const reader = readerOf(user);
  return {
    userId: user.id,
    isCustomer: reader.isCustomer,
    canWriteSamples: !reader.isCustomer && mayRead(reader, READ_ACCESS.samples),
    hasCouncil: hasCouncil(user.settings),
  };
}
