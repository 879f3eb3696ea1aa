/**
 * The read-only records as the screens read them, derived from their
 * definitions (read-only.ts; see local-record-types.ts): nothing is written
 * here, so every field is the server's as pulled. Settings, modules and
 * roles are read as their derived types (record-map.ts).
 */
import type { LocalRecordOf } from './local-record-types';
import type { userTypes, users } from './read-only';

/** A record of a lookup list (user types, payment types, exposition types, sample types). */
export type LocalNamedRecord = LocalRecordOf<typeof userTypes>;
/** A user of the users list; `deleted_at` set: deleted (kept as seller of old quotations, hidden from selection). */
export type LocalUser = LocalRecordOf<typeof users>;
