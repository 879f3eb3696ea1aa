/**
 * One push worker: carries out the effects of its pipeline (the state
 * machine of push-pipeline.ts) against the store and the transport, and
 * feeds the machine what they give. Store steps go through the run's
 * WriteBatch, so the steps of all workers that fall due together share a
 * transaction, and a step's result comes only after its commit: nothing is
 * sent that is not stored as in flight. A worker whose store step fails
 * throws; an entry it left in flight is sent again, with the same key, by
 * the next run (push.ts releaseStaleInFlight).
 */
import type { StoreScope } from '../store/database';
import type { OutboxEntry } from '../store/types';
import { clearUploadProgress, uploadProgressReporter } from './files-progress';
import { applyOutcome } from './push-answer';
import type { Prepared, SendVerdict } from './push-apply';
import type { PushContext, PushResult } from './push-context';
import { advancePipeline, awaitedEvent, startPipeline, type PipelineArrival, type PipelineEventType } from './push-pipeline';
import { claimAndPrepare, unmark, type Claim, type Claimed } from './push-prepare';
import type { HttpOutcome } from './transport';
import { sendUpload } from './upload-send';
import type { WriteBatch } from './write-batch';

/** What the workers of one round share (push.ts). */
export interface Round {
  claim: Claim;
  /** How many entries the next group may take. */
  groupSize: () => number;
  /** Nothing more is to be sent: network down, session over, stopped, or a store failure in another worker. */
  halted: () => boolean;
  /** Takes in what became of a claimed entry. */
  record: (entry: OutboxEntry, verdict: SendVerdict) => void;
}

type Group = Prepared[];
type Arrival = PipelineArrival<Group, HttpOutcome[]>;

export async function sendChains(context: PushContext, batch: WriteBatch, result: PushResult, round: Round): Promise<void> {
  const prepareNext = (store: StoreScope) => claimAndPrepare(context.now, store, round.claim, round.groupSize());
  const settle = (claimed: Claimed): Group | null => {
    for (const { entry, verdict } of claimed.passed) round.record(entry, verdict);
    return claimed.prepared.length > 0 ? claimed.prepared : null;
  };
  const applyAnswers = async (group: Group, answers: HttpOutcome[], prepareGroup: boolean): Promise<Arrival> => {
    const applied = await batch.run(async (store) => {
      const verdicts: SendVerdict[] = [];
      for (const [index, prepared] of group.entries()) {
        if (prepared.request.upload) await clearUploadProgress(store, prepared.entry.key);
        verdicts.push(await applyOutcome(context, store, prepared, answers[index]!, result));
      }
      return { verdicts, claimed: prepareGroup ? await prepareNext(store) : null };
    });
    group.forEach((prepared, index) => round.record(prepared.entry, applied.verdicts[index]!));
    return { type: 'applied', group: applied.claimed ? settle(applied.claimed) : null };
  };

  // The work started and not yet taken in, by the event it gives; each state waits for one of them.
  const pending: Partial<Record<PipelineEventType, Promise<Arrival>>> = {};
  let { state, effects } = startPipeline<Group, HttpOutcome[]>();
  for (;;) {
    for (const effect of effects) {
      switch (effect.kind) {
        case 'prepare':
          pending.prepared = handled(batch.run(prepareNext).then((claimed) => ({ type: 'prepared', group: settle(claimed) })));
          break;
        case 'send':
          pending.answered = handled(launch(context, effect.group).then((answers) => ({ type: 'answered', answers, ends: endsRun(answers) })));
          break;
        case 'apply':
          pending.applied = handled(applyAnswers(effect.group, effect.answers, effect.prepareNext));
          break;
        case 'unmark':
          await batch.run((store) => unmark(store, effect.group));
          break;
      }
    }
    const awaited = awaitedEvent(state);
    if (awaited === null) return;
    const arrival = await pending[awaited]!;
    delete pending[awaited];
    ({ state, effects } = advancePipeline(state, { ...arrival, halted: round.halted() }));
  }
}

/** An answer that ends the run (no server, or the session is over) is known from the outcomes alone, before they are applied. */
function endsRun(outcomes: readonly HttpOutcome[]): boolean {
  return outcomes.some((outcome) => outcome.kind === 'network' || (outcome.kind === 'response' && outcome.status === 401));
}

/**
 * Sends a prepared group (marked in flight in the store): one write alone
 * (an upload shows its progress until its answer is applied; sent before, it
 * asks for its kept answer first: upload-send.ts), several in a batch call.
 */
function launch(context: PushContext, group: Group): Promise<HttpOutcome[]> {
  if (group.length > 1) return context.transport.sendBatch(group.map((prepared) => prepared.request));
  const [prepared] = group as [Prepared];
  const { upload } = prepared.request;
  if (!upload) return context.transport.send(prepared.request).then((answer) => [answer]);
  upload.onProgress = uploadProgressReporter(context.db, prepared.resource.name, prepared.entry.key, context.now);
  return sendUpload(context.transport, prepared.request, prepared.before.attempts > 0).then((answer) => [answer]);
}

/**
 * Marks a promise awaited later as handled now: a store failure meanwhile
 * still reaches the worker when it awaits it, but is not reported as an
 * unhandled rejection first (or ever, when the worker ended on another failure).
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
