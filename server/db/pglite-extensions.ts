/**
 * The PostgreSQL extensions every PGlite of this server loads: pg_trgm, whose
 * trigram indexes serve the searches (migration 0012). A PGlite opened
 * without it cannot write a row of an indexed table ("could not access file
 * pg_trgm"), so every place that opens one (the server, the tests' template,
 * tools) passes these.
 */
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm };
