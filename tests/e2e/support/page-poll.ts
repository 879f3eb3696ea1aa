/**
 * Waits for something asked of the page asynchronously (Cache Storage, a
 * service worker's answer). Playwright's `waitForFunction` cannot: it takes
 * an async predicate's Promise as a truthy result and returns at once,
 * whatever the Promise then says; so the question is asked again from here
 * until it holds. A navigation in the middle (the worker taking control, a
 * reload) only costs a round.
 */
export interface PollOptions {
  intervalMs?: number;
  timeoutMs: number;
  /** Said in the error when the time runs out. */
  what: string;
}

const NAVIGATED = /Execution context was destroyed|navigat/i;

export async function pollUntil(holds: () => Promise<boolean>, { intervalMs = 250, timeoutMs, what }: PollOptions): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await holds()) return;
    } catch (error) {
      if (!(error instanceof Error && NAVIGATED.test(error.message))) throw error;
    }
    if (Date.now() >= deadline) throw new Error(`${what}: still not so after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
