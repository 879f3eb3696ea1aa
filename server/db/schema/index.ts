/**
 * The whole database schema, one file per area. A new area adds its file
 * here and runs `npm run db:generate` to append a migration.
 */
export * from './auth';
export * from './catalog';
export * from './customers';
export * from './files';
export * from './idempotency';
export * from './lookups';
export * from './quotations';
export * from './settings';
export * from './sync';
export * from './system';
export * from './samples';
export * from './sample-review';
export * from './sampling-methods';
export * from './alerts';
