/**
 * What a screen test leaves in the jsdom document, taken out after it.
 *
 * The `unit` project shares a worker's loaded modules (`isolate: false`), and
 * with them vitest keeps one jsdom window for all of that worker's files: the
 * environment is set up when the worker starts, not for each file. Testing
 * Library's cleanup unmounts what a test rendered, but two things kept every
 * removed tree alive in that one document (bench/test-suite.md, "Stop 39"),
 * 80 → 668 MB of heap after forced collections over the project's 61 files
 * in one worker, which garbage collection marked again and again:
 *
 * - jsdom 29 keeps the style sheet of a `<style>` removed together with an
 *   ancestor (the element still finds the document through its cached root
 *   while it is detached). Mantine renders two `<style>` elements in every
 *   MantineProvider, so `document.styleSheets` grew by two a render; every
 *   computed style (role queries, visibility checks) went through all of
 *   them, and each sheet's element held its removed page.
 * - The selector engine behind `querySelector` (nwsapi, one per document)
 *   keeps the first result of every selector it has seen, and Testing
 *   Library asks for `[id="mantine-…"]` with a new id each render. A cached
 *   element holds its whole removed tree through its parent.
 *
 * After each test the detached sheets are dropped and every tree removed
 * during the test is taken apart, so what a cache still holds is one
 * element, not a page.
 */
import { afterEach, beforeEach } from 'vitest';

let removed: Node[] = [];
const removals = new MutationObserver(collect);

function collect(records: MutationRecord[]) {
  for (const record of records) removed.push(...record.removedNodes);
}

/** Registers the hooks: each test's removals are watched from its start and taken apart after its cleanup. */
export function clearDocumentAfterEachTest(cleanup: () => void): void {
  beforeEach(() => {
    removals.observe(document.body, { childList: true, subtree: true });
  });
  afterEach(() => {
    cleanup();
    collect(removals.takeRecords());
    removals.disconnect();
    dropDetachedStyleSheets();
    for (const node of removed) if (!node.isConnected) takeApart(node);
    removed = [];
  });
}

/**
 * Changing a `<style>`'s text makes jsdom update its sheet again; now that
 * the element is detached, it removes the sheet and adds none.
 */
function dropDetachedStyleSheets() {
  for (const sheet of [...document.styleSheets]) {
    const owner = sheet.ownerNode;
    if (!(owner instanceof HTMLStyleElement) || owner.isConnected) continue;
    const css = owner.textContent;
    owner.textContent = css;
  }
}

/** Every node of the detached tree under `root` loses its children, so none holds the others. */
function takeApart(root: Node) {
  const stack = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    for (let child = node.lastChild; child; child = node.lastChild) {
      node.removeChild(child);
      stack.push(child);
    }
  }
}
