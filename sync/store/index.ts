/**
 * The local store: Dexie database, schema and migrations, the resource
 * registry, record helpers and the indexed reads the screens use.
 */
export * from './database';
export * from './schema';
export * from './types';
export * from './registry';
export * from './queries';
export * from './search-index';
export * from './local-record';
export * from './meta';
export * from './keys';
export * from './reopen';
