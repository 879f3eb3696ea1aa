/**
 * Testing Library's element errors without the document while a wait
 * retries. `findBy…` and `waitFor` run their query every 50 ms until it
 * passes, and the default `getElementError` prints the whole document into
 * every failed attempt's message, which is thrown away at the next retry:
 * on the settings screens that printing was 37 % of a file's CPU
 * (bench/test-suite.md, "Stop 36"). Testing Library marks those attempts
 * (`_disableExpensiveErrorDiagnostics`); they now carry the message only.
 * A failure a test sees still shows the document: a plain `getBy…` prints
 * it as before, and a wait that times out adds it to its last error
 * (wait-for's `onTimeout` asks `getElementError` again, outside a retry).
 */
import { configure, getConfig } from '@testing-library/dom';

interface RetryFlag {
  _disableExpensiveErrorDiagnostics?: boolean;
}

export function quietRetryErrors(): void {
  const printingError = getConfig().getElementError;
  configure({
    getElementError(message, container) {
      if (!(getConfig() as RetryFlag)._disableExpensiveErrorDiagnostics) return printingError(message, container);
      const error = new Error(message ?? '');
      error.name = 'TestingLibraryElementError';
      return error;
    },
  });
}
