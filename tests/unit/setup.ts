/**
 * Unit test environment: real IndexedDB semantics through fake-indexeddb,
 * Testing Library cleanup (and what it leaves in the worker's shared
 * document, support/shared-document.ts), and the browser APIs jsdom lacks
 * that Mantine needs.
 */
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { answerLabelControlById } from './support/label-control-by-id';
import { quietRetryErrors } from './support/quiet-retry-errors';
import { clearDocumentAfterEachTest } from './support/shared-document';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// `findBy…`/`waitFor` give up after 1 s by default; a screen test that saves through the real server
// needs longer on CI's two loaded cores (company-tab's save missed its message there). A wait that
// succeeds still returns at once, so only a failing wait gets slower.
configure({ asyncUtilTimeout: 10_000 });
quietRetryErrors();

if (typeof window !== 'undefined') {
  answerLabelControlById();
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  window.HTMLElement.prototype.scrollIntoView ??= () => {};
}

clearDocumentAfterEachTest(cleanup);
