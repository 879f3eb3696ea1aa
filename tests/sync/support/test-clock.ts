/**
 * A device's clock and timers for the engine tests (the engine's `now` and
 * `timers` ports): real time plus the time skipped. Every wait the engine
 * starts (a retry's backoff, `drain` waiting for the next retry, the
 * debounce after a save) is skipped: on the next turn of the event loop the
 * clock jumps to its end and it fires, so no test sleeps through a retry.
 * The engine's periodic run fires when a skip passes its time. `skip` and
 * `skipTo` move the clock by hand (an entry waiting for its retry becomes
 * due). Only the device's engine runs on it: the network, the server, the
 * server's own clock and a request's timeout stay real, so the faults the
 * tests inject behave as before.
 */
import type { EngineTimers } from '@sync/engine/timers';

interface Timer {
  at: number;
  callback: () => void;
  /** Set for a periodic timer: its period. */
  every: number | null;
}

export class TestClock implements EngineTimers {
  private skipped = 0;
  private readonly timers = new Set<Timer>();

  readonly now = (): number => Date.now() + this.skipped;

  /** Moves the clock forward by `ms` and fires what fell due. */
  skip(ms: number): void {
    this.skipped += Math.max(0, ms);
    this.fireDue();
  }

  /** Moves the clock forward to `at` (not back) and fires what fell due. */
  skipTo(at: number): void {
    this.skip(at - this.now());
  }

  after(ms: number, callback: () => void): () => void {
    const timer: Timer = { at: this.now() + ms, callback, every: null };
    this.timers.add(timer);
    // Skipped on the next turn, so the code that set it runs on first, as with a real timer.
    setImmediate(() => {
      if (this.timers.has(timer)) this.skipTo(timer.at);
    });
    return () => this.timers.delete(timer);
  }

  every(ms: number, callback: () => void): () => void {
    const timer: Timer = { at: this.now() + ms, callback, every: ms };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  /** Fires the timers due by now, earliest first; a periodic one once per skip, then at its next time. */
  private fireDue(): void {
    const now = this.now();
    const due = [...this.timers].filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at);
    for (const timer of due) {
      if (!this.timers.has(timer)) continue;
      if (timer.every === null) this.timers.delete(timer);
      else timer.at = now + timer.every;
      timer.callback();
    }
  }
}
