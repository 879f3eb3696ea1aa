/**
 * drizzle-kit: `npm run db:generate` compares server/db/schema with the last
 * snapshot and appends a migration to server/db/migrations. Migrations are
 * applied in code at start-up (server/db/migrate.ts), never by drizzle-kit,
 * because PGlite allows one process per data folder.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
