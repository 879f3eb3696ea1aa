/**
 * The pipeline of one push worker as a state machine: one group of writes
 * on its way to the server while the next group is prepared (stored as in
 * flight, its requests built). Pure: a state and an event give the next
 * state and the effects to start, so every case reads, and is tested, as a
 * table (tests/unit/sync/push-pipeline.test.ts); push-worker.ts carries the
 * effects out against the store and the transport.
 *
 * What it keeps true:
 * - only a prepared group is sent, and the `prepared` event comes after the
 *   store step that marked it in flight committed;
 * - when the answers of a group come, the group prepared behind it is sent
 *   at once, before the answers are applied, and the store step that
 *   applies them also prepares the group after (one step per send): the
 *   wait between two sends is then never a store step;
 * - an answer that ends the run (network down, 401, `ends`) or a halted run
 *   (`halted`: network down, session over, stopped, a store failure in
 *   another worker) sends nothing more, and a group prepared but not sent is
 *   put back (`unmark`);
 * - a group on its way is always waited for and its answers applied.
 *
 * `G` is a prepared group and `A` the answers to one; the machine only
 * carries them to its effects.
 */

export type PipelineState<G, A> =
  /** Nothing sent yet: the first group is being prepared. */
  | { phase: 'starting' }
  /** The first group is on its way; the next is being prepared. */
  | { phase: 'sending-preparing'; flight: G }
  /** The answers of `flight` came before the next group was prepared. */
  | { phase: 'answered-preparing'; flight: G; answers: A; ends: boolean }
  /** A group is on its way; the next is prepared. */
  | { phase: 'sending-ready'; flight: G; next: G }
  /** A group is on its way; none is prepared behind it. */
  | { phase: 'sending-last'; flight: G }
  /**
   * Answers being applied; `following` was sent meanwhile (null: nothing
   * more goes), `unsent` is a prepared group that was not sent.
   */
  | { phase: 'applying'; following: G | null; unsent: G | null }
  | { phase: 'done' };

export type PipelinePhase = PipelineState<unknown, unknown>['phase'];

/** What an effect's work gave. */
export type PipelineArrival<G, A> =
  /** A store step prepared a group, or found nothing to prepare (null). */
  | { type: 'prepared'; group: G | null }
  /** The answers of the group on its way; `ends` when one of them ends the run. */
  | { type: 'answered'; answers: A; ends: boolean }
  /** The answers were applied; the same step prepared `group` (null: none, or not asked to). */
  | { type: 'applied'; group: G | null };

/** An arrival as the machine takes it in, with whether the run has halted by then. */
export type PipelineEvent<G, A> = PipelineArrival<G, A> & { halted: boolean };

export type PipelineEventType = PipelineEvent<unknown, unknown>['type'];

export type PipelineEffect<G, A> =
  /** A store step that claims and prepares the next group; gives `prepared`. */
  | { kind: 'prepare' }
  /** Sends a prepared group; gives `answered`. */
  | { kind: 'send'; group: G }
  /** A store step that applies the answers of `group`, and prepares the next group when `prepareNext`; gives `applied`. */
  | { kind: 'apply'; group: G; answers: A; prepareNext: boolean }
  /** Puts a prepared group back as it was, done before the next event is taken in. */
  | { kind: 'unmark'; group: G };

export interface PipelineStep<G, A> {
  state: PipelineState<G, A>;
  effects: PipelineEffect<G, A>[];
}

/** Where every worker starts: preparing its first group. */
export function startPipeline<G, A>(): PipelineStep<G, A> {
  return { state: { phase: 'starting' }, effects: [{ kind: 'prepare' }] };
}

/** The one event each state waits for (null: the worker is done). */
const AWAITS: Record<PipelinePhase, PipelineEventType | null> = {
  starting: 'prepared',
  'sending-preparing': 'answered',
  'answered-preparing': 'prepared',
  'sending-ready': 'answered',
  'sending-last': 'answered',
  applying: 'applied',
  done: null,
};

export function awaitedEvent(state: PipelineState<unknown, unknown>): PipelineEventType | null {
  return AWAITS[state.phase];
}

export function advancePipeline<G, A>(state: PipelineState<G, A>, event: PipelineEvent<G, A>): PipelineStep<G, A> {
  // Each case takes only the event its state waits for (AWAITS); the table test holds the two equal.
  switch (state.phase) {
    case 'starting':
      if (event.type !== 'prepared') break;
      if (event.group === null) return { state: { phase: 'done' }, effects: [] };
      return { state: { phase: 'sending-preparing', flight: event.group }, effects: [{ kind: 'send', group: event.group }, { kind: 'prepare' }] };
    case 'sending-preparing':
      if (event.type !== 'answered') break;
      return { state: { phase: 'answered-preparing', flight: state.flight, answers: event.answers, ends: event.ends }, effects: [] };
    case 'answered-preparing':
      if (event.type !== 'prepared') break;
      return answered(state.flight, state.answers, state.ends, event.group, event.halted);
    case 'sending-ready':
      if (event.type !== 'answered') break;
      return answered(state.flight, event.answers, event.ends, state.next, event.halted);
    case 'sending-last':
      if (event.type !== 'answered') break;
      return answered(state.flight, event.answers, event.ends, null, event.halted);
    case 'applying':
      if (event.type !== 'applied') break;
      return applied(state.following, state.unsent, event.group, event.halted);
  }
  throw new Error(`push pipeline: '${event.type}' while ${state.phase}`);
}

/**
 * The answers of `flight` are in and the group behind it is known (`ready`,
 * or null): it goes at once unless the run ends, then the answers are
 * applied in a step that prepares the group after it.
 */
function answered<G, A>(flight: G, answers: A, ends: boolean, ready: G | null, halted: boolean): PipelineStep<G, A> {
  const following = ready !== null && !ends && !halted ? ready : null;
  const apply: PipelineEffect<G, A> = { kind: 'apply', group: flight, answers, prepareNext: following !== null };
  return {
    state: { phase: 'applying', following, unsent: following === null ? ready : null },
    effects: following === null ? [apply] : [{ kind: 'send', group: following }, apply],
  };
}

/** The answers are applied: put back what was not sent, and keep `prepared` behind the group on its way unless the run halted. */
function applied<G, A>(following: G | null, unsent: G | null, prepared: G | null, halted: boolean): PipelineStep<G, A> {
  const effects: PipelineEffect<G, A>[] = unsent === null ? [] : [{ kind: 'unmark', group: unsent }];
  if (following !== null && prepared !== null && !halted) return { state: { phase: 'sending-ready', flight: following, next: prepared }, effects };
  if (prepared !== null) effects.push({ kind: 'unmark', group: prepared });
  return { state: following === null ? { phase: 'done' } : { phase: 'sending-last', flight: following }, effects };
}
