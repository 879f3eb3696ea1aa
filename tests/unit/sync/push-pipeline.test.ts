// @vitest-environment node
/**
 * The push worker's pipeline (one group on its way, the next prepared) as a
 * table: every state against every event, with what it sends, applies and
 * puts back. Then every run of events a worker can meet, up to six groups,
 * checked for what the table is for: each prepared group is sent and its
 * answers applied, or put back, exactly once; nothing is sent after the run
 * halted or an answer ended it.
 */
import { describe, expect, it } from 'vitest';
import {
  advancePipeline,
  awaitedEvent,
  startPipeline,
  type PipelineEffect,
  type PipelineEvent,
  type PipelineState,
  type PipelineStep,
} from '@sync/engine/push-pipeline';

type State = PipelineState<string, string>;
type Event = PipelineEvent<string, string>;
type Step = PipelineStep<string, string>;
type Effect = PipelineEffect<string, string>;

const prepared = (group: string | null, halted = false): Event => ({ type: 'prepared', group, halted });
const answered = ({ ends = false, halted = false } = {}): Event => ({ type: 'answered', answers: 'answers of A', ends, halted });
const applied = (group: string | null, halted = false): Event => ({ type: 'applied', group, halted });

const send = (group: string): Effect => ({ kind: 'send', group });
const apply = (prepareNext: boolean): Effect => ({ kind: 'apply', group: 'A', answers: 'answers of A', prepareNext });
const unmark = (group: string): Effect => ({ kind: 'unmark', group });
const prepare: Effect = { kind: 'prepare' };

const STATES: Record<string, State> = {
  starting: { phase: 'starting' },
  'A on its way, next being prepared': { phase: 'sending-preparing', flight: 'A' },
  'A answered, next being prepared': { phase: 'answered-preparing', flight: 'A', answers: 'answers of A', ends: false },
  'A answered with an end of run, next being prepared': { phase: 'answered-preparing', flight: 'A', answers: 'answers of A', ends: true },
  'A on its way, B prepared': { phase: 'sending-ready', flight: 'A', next: 'B' },
  'A on its way, nothing prepared': { phase: 'sending-last', flight: 'A' },
  'applying, B sent': { phase: 'applying', following: 'B', unsent: null },
  'applying, B prepared and not sent': { phase: 'applying', following: null, unsent: 'B' },
  'applying, nothing more': { phase: 'applying', following: null, unsent: null },
  done: { phase: 'done' },
};

const EVENTS: Record<string, Event> = {
  'prepared B': prepared('B'),
  'prepared B, run halted': prepared('B', true),
  'prepared nothing': prepared(null),
  answered: answered(),
  'answered, one answer ends the run': answered({ ends: true }),
  'answered, run halted': answered({ halted: true }),
  'applied, prepared C': applied('C'),
  'applied, prepared C, run halted': applied('C', true),
  'applied, prepared nothing': applied(null),
};

const step = (state: State, ...effects: Effect[]): Step => ({ state, effects });
const applying = (following: string | null, unsent: string | null): State => ({ phase: 'applying', following, unsent });
const DONE: State = { phase: 'done' };

/** Every cell of STATES × EVENTS; a missing cell is an event the state does not wait for (the machine throws). */
const TABLE: Record<string, Record<string, Step>> = {
  starting: {
    'prepared B': step({ phase: 'sending-preparing', flight: 'B' }, send('B'), prepare),
    // Claimed before the run halted and stored as in flight: it goes (as before the machine existed).
    'prepared B, run halted': step({ phase: 'sending-preparing', flight: 'B' }, send('B'), prepare),
    'prepared nothing': step(DONE),
  },
  'A on its way, next being prepared': {
    answered: step(STATES['A answered, next being prepared']!),
    'answered, one answer ends the run': step(STATES['A answered with an end of run, next being prepared']!),
    'answered, run halted': step(STATES['A answered, next being prepared']!),
  },
  'A answered, next being prepared': {
    'prepared B': step(applying('B', null), send('B'), apply(true)),
    'prepared B, run halted': step(applying(null, 'B'), apply(false)),
    'prepared nothing': step(applying(null, null), apply(false)),
  },
  'A answered with an end of run, next being prepared': {
    'prepared B': step(applying(null, 'B'), apply(false)),
    'prepared B, run halted': step(applying(null, 'B'), apply(false)),
    'prepared nothing': step(applying(null, null), apply(false)),
  },
  'A on its way, B prepared': {
    answered: step(applying('B', null), send('B'), apply(true)),
    'answered, one answer ends the run': step(applying(null, 'B'), apply(false)),
    'answered, run halted': step(applying(null, 'B'), apply(false)),
  },
  'A on its way, nothing prepared': {
    answered: step(applying(null, null), apply(false)),
    'answered, one answer ends the run': step(applying(null, null), apply(false)),
    'answered, run halted': step(applying(null, null), apply(false)),
  },
  'applying, B sent': {
    'applied, prepared C': step({ phase: 'sending-ready', flight: 'B', next: 'C' }),
    'applied, prepared C, run halted': step({ phase: 'sending-last', flight: 'B' }, unmark('C')),
    'applied, prepared nothing': step({ phase: 'sending-last', flight: 'B' }),
  },
  'applying, B prepared and not sent': {
    'applied, prepared C': step(DONE, unmark('B'), unmark('C')),
    'applied, prepared C, run halted': step(DONE, unmark('B'), unmark('C')),
    'applied, prepared nothing': step(DONE, unmark('B')),
  },
  'applying, nothing more': {
    'applied, prepared C': step(DONE, unmark('C')),
    'applied, prepared C, run halted': step(DONE, unmark('C')),
    'applied, prepared nothing': step(DONE),
  },
  done: {},
};

describe('push pipeline: every state × event', () => {
  const cells = Object.keys(STATES).flatMap((state) => Object.keys(EVENTS).map((event) => [state, event] as const));

  it.each(cells)('%s, %s', (stateName, eventName) => {
    const state = STATES[stateName]!;
    const event = EVENTS[eventName]!;
    const expected = TABLE[stateName]![eventName];
    if (expected) expect(advancePipeline(state, event)).toEqual(expected);
    else expect(() => advancePipeline(state, event)).toThrow(`'${event.type}' while ${state.phase}`);
  });

  it('the table has a cell for exactly the event each state waits for', () => {
    for (const [stateName, state] of Object.entries(STATES)) {
      const expectedTypes = new Set(Object.keys(TABLE[stateName]!).map((eventName) => EVENTS[eventName]!.type));
      expect([...expectedTypes]).toEqual(awaitedEvent(state) === null ? [] : [awaitedEvent(state)]);
    }
  });

  it('a worker starts by preparing its first group', () => {
    expect(startPipeline()).toEqual(step({ phase: 'starting' }, prepare));
  });
});

/** What became of the groups over one run of events. */
interface Trace {
  made: string[];
  sent: string[];
  applied: string[];
  unmarked: string[];
  /** Sends decided after the run halted or an answer ended it. */
  late: string[];
}

const groupsOf = (effects: Effect[], kind: Effect['kind']) =>
  effects.flatMap((effect) => (effect.kind === kind && 'group' in effect ? [effect.group] : []));

/** The event the work of an effect gives (an unmark gives none: the worker awaits it at once). */
const gives = (effect: Effect) => ({ prepare: ['prepared'], send: ['answered'], apply: ['applied'], unmark: [] })[effect.kind];

/**
 * Every run of events a worker can meet, driven as push-worker.ts drives the
 * machine. The world picks what each awaited piece of work gives (a prepare
 * finds a new group or nothing, an answer ends the run or not) and whether
 * the run has halted by then (for good).
 */
function runs(limit: number): Trace[] {
  const traces: Trace[] = [];
  const visit = ({ state, effects }: Step, before: Trace, started: ReadonlySet<string>, halted: boolean, stopped: boolean) => {
    const sent = groupsOf(effects, 'send');
    const trace: Trace = {
      made: before.made,
      sent: [...before.sent, ...sent],
      applied: [...before.applied, ...groupsOf(effects, 'apply')],
      unmarked: [...before.unmarked, ...groupsOf(effects, 'unmark')],
      late: stopped ? [...before.late, ...sent] : before.late,
    };
    const waiting = new Set([...started, ...effects.flatMap(gives)]);
    const awaited = awaitedEvent(state);
    if (awaited === null) return void traces.push(trace);
    // The worker waits only for work it started (push-worker.ts takes it from `pending`).
    expect(waiting.delete(awaited)).toBe(true);
    const fresh = trace.made.length < limit ? `G${trace.made.length + 1}` : null;
    const mayPrepare = awaited === 'prepared' || effects.some((effect) => effect.kind === 'apply' && effect.prepareNext);
    for (const nowHalted of halted ? [true] : [false, true]) {
      const events: Event[] =
        awaited === 'answered'
          ? [answered({ halted: nowHalted }), answered({ ends: true, halted: nowHalted })]
          : [null, ...(fresh !== null && mayPrepare ? [fresh] : [])].map((group) => ({ type: awaited, group, halted: nowHalted }));
      for (const event of events) {
        const made = event.type !== 'answered' && event.group !== null ? [event.group] : [];
        const ends = event.type === 'answered' && event.ends;
        // A send decided on this event sees the run as it is now; after an answer that ends it, the run is over.
        visit(advancePipeline(state, event), { ...trace, made: [...trace.made, ...made] }, waiting, nowHalted, nowHalted || ends || stopped);
      }
    }
  };
  visit(startPipeline<string, string>(), { made: [], sent: [], applied: [], unmarked: [], late: [] }, new Set(), false, false);
  return traces;
}

describe('push pipeline: every run of events up to six groups', () => {
  const traces = runs(6);

  it('explores every way out: each group found or not, each answer ending the run or not, the run halting at each event', () => {
    expect(traces.length).toBeGreaterThan(50);
  });

  it('each prepared group is either sent and its answers applied, or put back, exactly once', () => {
    for (const trace of traces) {
      expect(trace.applied).toEqual(trace.sent);
      expect([...trace.sent, ...trace.unmarked].sort()).toEqual([...trace.made].sort());
    }
  });

  it('sends nothing after the run halted or an answer ended it, except a first group already stored in flight', () => {
    for (const trace of traces) expect(trace.late.filter((group) => group !== 'G1')).toEqual([]);
  });
});
