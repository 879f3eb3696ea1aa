/**
 * Engine-vs-server tests run in Node: IndexedDB comes from fake-indexeddb,
 * fetch is Node's own, and there is no Web Locks (the engine runs unlocked).
 */
import 'fake-indexeddb/auto';
