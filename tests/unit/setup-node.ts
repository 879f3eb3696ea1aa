/**
 * The unit tests without a screen (project unit-node, in Node): real
 * IndexedDB semantics through fake-indexeddb. A file that needs a DOM says
 * `@vitest-environment jsdom` in its first comment.
 */
import 'fake-indexeddb/auto';
