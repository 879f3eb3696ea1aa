/**
 * The order of a push between record writes and uploads (issue 26): every
 * record write ready to go (creates, updates, deletes, commands) is sent and
 * answered before any upload's bytes start, so on a weak uplink the office
 * sees every sample's figures in the first seconds and the photos follow.
 * Pure, so the rule reads (and is tested) as a table; push.ts applies it
 * round by round. docs/decisions/push-order.md.
 *
 * What stays as it was: chains are still sent in order (only heads are
 * ever ready), and an entry that cannot go yet (a photo whose sample has no
 * server id, a Finalizar waiting for its photos) is parked by the round and
 * does not hold the others back, so a write waiting for an upload lets the
 * uploads go.
 */
import type { ResourceRegistry } from '../store/registry/registry';
import type { OutboxEntry } from '../store/types';

/**
 * How long an uploads round keeps handing out uploads once every worker has
 * one: a record write saved (or falling due) meanwhile then waits for the
 * uploads already on their way, not for the whole queue of photos. Long
 * enough that a fast link still sends many uploads per round.
 */
export const UPLOAD_ROUND_MS = 5_000;

/** An entry that sends a file's bytes: the create of an upload resource (a photo, a customer's file). */
export function isUpload(registry: ResourceRegistry, entry: Pick<OutboxEntry, 'op' | 'resource'>): boolean {
  return entry.op === 'create' && registry.get(entry.resource).upload !== undefined;
}

export type PushStage = 'writes' | 'uploads';

export interface PushRound<T> {
  stage: PushStage;
  /** The entries of the round, oldest first. */
  entries: T[];
}

/**
 * What the next round sends, from the chain heads ready now (oldest first,
 * parked ones left out): the record writes while there are any, else the
 * uploads. Null when nothing is ready.
 */
export function nextPushRound<T>(ready: readonly T[], upload: (entry: T) => boolean): PushRound<T> | null {
  const writes = ready.filter((entry) => !upload(entry));
  if (writes.length > 0) return { stage: 'writes', entries: writes };
  if (ready.length === 0) return null;
  return { stage: 'uploads', entries: [...ready] };
}

/**
 * Whether a round may hand out one more entry: a writes round takes all of
 * its entries; an uploads round gives each worker one, then more only
 * until UPLOAD_ROUND_MS have passed since it began.
 */
export function mayClaimMore(stage: PushStage, claimed: number, workers: number, elapsedMs: number): boolean {
  return stage === 'writes' || claimed < workers || elapsedMs < UPLOAD_ROUND_MS;
}
