/**
 * The pull in batch calls (sync/contract/pull-batch.ts,
 * docs/decisions/sync-pull-batch.md): one GET asks for the next page of
 * every list still to read, each with its own cursor, and the answer brings
 * the pages of as many of them as the server's bounds allow; the lists it
 * did not read (`later`) and those that go on are asked for again in the
 * next call; the lists after one whose page said a full page more follows
 * are not asked for until it nears its end (they would only come back
 * `later`). A first sync of the demo data is one call instead of 19.
 *
 * What a list's pull guarantees is unchanged (pull.ts owns it and gives it
 * here as `BatchSteps`): a page applied in its own transaction, applied in
 * pull order; `deleted_ids` applied after the page's records; the cursor
 * written only once every page of the list arrived, from the server_time of
 * its first page less the overlap; a cut mid-pull leaves the stored cursors
 * as they were, so the next run reads those lists again from there. The
 * next call is sent before the current answer is written, as the next page
 * is list by list.
 *
 * A list refused with 403 is skipped (the user may not read it). Any other
 * refusal of one list, or a page the device cannot read, sends that list
 * alone, as before the batch existed, in its place in the order. A call the
 * server refuses as a whole (404 from a server without it, another 4xx, an
 * answer that is not a batch) leaves the lists not finished to the
 * list-by-list pull; after a 404 this transport asks list by list from then
 * on. No answer, 401, 408, 429 and 5xx end the pull as a list's call would.
 */
import {
  cursorAfter,
  MAX_PULL_BATCH_ROWS,
  PULL_PAGES_PER_ANSWER,
  pullBatchAnswerSchema,
  pullBatchPath,
  type PullBatchList,
  type PullBatchListAnswer,
} from '../contract/pull-batch';
import { pullResponseSchema } from '../contract/sync';
import type { ResourceDefinition } from '../store/registry/resource';
import type { RecordFields } from '../store/types';
import { SyncError } from './errors';
import type { Transport } from './transport';

/** What a list's pull does, given by pull.ts, which owns it. */
export interface BatchSteps {
  /** The list's stored cursor (`updated_since`; the epoch when none). */
  cursorOf(resource: ResourceDefinition): Promise<string>;
  /** One page, in its own transaction: records, then deleted ids. */
  apply(resource: ResourceDefinition, list: RecordFields[], deletedIds: readonly number[]): Promise<void>;
  /** Every page of the list arrived: its next cursor, from its first page's server_time. */
  finish(resource: ResourceDefinition, serverTime: string): Promise<void>;
  /** The list pulled alone, from its stored cursor (its own calls, as without the batch). */
  alone(resource: ResourceDefinition): Promise<void>;
}

export interface BatchContext {
  transport: Transport;
  /** Rows per list's page. */
  pageSize: number;
  isStopped: () => boolean;
}

/** Transports whose server answered 404 to the batch call: an older server, asked list by list from then on. */
const withoutBatch = new WeakSet<Transport>();

interface ListState {
  resource: ResourceDefinition;
  cursor: PullBatchList;
  /** server_time of the list's first page in this pull: the next cursor comes from it. */
  serverTime?: string;
  /** Its last page said at least a full page more follows (`total_items`): the lists after it can wait. */
  fillsNext?: boolean;
}

type Outcome =
  | { kind: 'page'; list: RecordFields[]; deletedIds: readonly number[]; more: boolean }
  | { kind: 'later' }
  | { kind: 'skip' }
  | { kind: 'alone' };

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Asked ahead of time, so its rejection must never be unhandled. */
function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

/**
 * Pulls these lists (in pull order) in batch calls. Returns the lists left
 * for the list-by-list pull: every one when the server has no batch call,
 * those not finished when it refused one; none otherwise.
 */
export async function pullInBatches(
  context: BatchContext,
  resources: readonly ResourceDefinition[],
  steps: BatchSteps,
): Promise<ResourceDefinition[]> {
  if (resources.length === 0) return [];
  if (withoutBatch.has(context.transport)) return [...resources];
  let pending: ListState[] = await Promise.all(
    resources.map(async (resource) => ({ resource, cursor: { path: resource.paths.list!, updated_since: await steps.cursorOf(resource) } })),
  );
  // How many of the pending lists the call in flight asks for (always the first ones).
  let asked = pending.length;
  let answer = settle(requestBatch(context, pending));
  while (pending.length > 0) {
    if (context.isStopped()) return [];
    const settled = await answer;
    if (!settled.ok) throw settled.error;
    const lists = settled.value;
    if (lists === null) return pending.map((state) => state.resource);
    const answered = pending.slice(0, asked);
    const outcomes = answered.map((state, index) => readAnswer(state, lists[index]!, context.pageSize));
    const next = [
      ...answered.filter((_state, index) => {
        const outcome = outcomes[index]!;
        return outcome.kind === 'later' || (outcome.kind === 'page' && outcome.more);
      }),
      ...pending.slice(asked),
    ];
    // The lists after one that surely fills its next page too would only come back `later`: not asked yet.
    const full = next.findIndex((state) => state.fillsNext);
    asked = full === -1 ? next.length : full + 1;
    // The next call goes before this answer is written: its cursors are in the pages.
    if (next.length > 0) answer = settle(requestBatch(context, next.slice(0, asked)));
    for (const [index, state] of answered.entries()) {
      if (context.isStopped()) return [];
      const outcome = outcomes[index]!;
      if (outcome.kind === 'alone') await steps.alone(state.resource);
      else if (outcome.kind === 'page') {
        await steps.apply(state.resource, outcome.list, outcome.deletedIds);
        if (!outcome.more) await steps.finish(state.resource, state.serverTime!);
      }
    }
    pending = next;
  }
  return [];
}

/** One call for these lists: the answer per list, or null when the server refused the call as a whole. */
async function requestBatch(context: BatchContext, states: readonly ListState[]): Promise<PullBatchListAnswer[] | null> {
  // Several pages' rows per answer: a long list's pages come several at a time (the server reads on from the last row).
  const path = pullBatchPath(
    states.map((state) => state.cursor),
    context.pageSize,
    Math.min(MAX_PULL_BATCH_ROWS, PULL_PAGES_PER_ANSWER * context.pageSize),
  );
  const outcome = await context.transport.send({ method: 'GET', path });
  if (outcome.kind !== 'response') throw SyncError.of('network');
  const { status, body } = outcome;
  if (status === 401) throw SyncError.of('unauthorized', undefined, { status });
  if (status === 408 || status === 429 || status >= 500) throw SyncError.of('server', undefined, { status });
  if (status === 404) withoutBatch.add(context.transport);
  if (status !== 200) return null;
  const parsed = pullBatchAnswerSchema.safeParse(body);
  if (!parsed.success || parsed.data.lists.length !== states.length) return null;
  return parsed.data.lists;
}

/** What a list's answer means, its cursor moved past a page that goes on. */
function readAnswer(state: ListState, answer: PullBatchListAnswer, pageSize: number): Outcome {
  state.fillsNext = false;
  if (answer.state === 'later') return { kind: 'later' };
  if (answer.state === 'refused') return answer.status === 403 ? { kind: 'skip' } : { kind: 'alone' };
  const page = pullResponseSchema(state.resource.schema).safeParse(answer.page);
  if (!page.success) return { kind: 'alone' };
  const list = page.data.list as RecordFields[];
  const last = list.at(-1);
  if (answer.more && last === undefined) return { kind: 'alone' };
  state.serverTime ??= page.data.server_time;
  if (answer.more) {
    state.cursor = cursorAfter(state.cursor, last!);
    state.fillsNext = page.data.total_items - list.length >= pageSize;
  }
  return { kind: 'page', list, deletedIds: page.data.deleted_ids, more: answer.more };
}
