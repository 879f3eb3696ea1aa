/**
 * Users and access (spec sections 3 and 6): user types (1 = administrator),
 * roles (departments) with per-module permissions, users, the links between
 * customer-type users and their customers, and the credentials the server
 * keeps: sign-in sessions with their rotating refresh tokens, and password
 * reset tokens. Tokens are stored only as SHA-256 hashes.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, syncTimestamps, timestamptz } from './columns';
import { customers } from './customers';

export const userTypes = pgTable(
  'user_types',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    ...syncTimestamps(),
  },
  (t) => [uniqueIndex('user_types_slug_unique').on(t.slug)],
);

export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    ...syncTimestamps(),
  },
  (t) => [uniqueIndex('roles_slug_unique').on(t.slug)],
);

/** The permission modules (sync/contract/modules.ts), one per admin area. */
export const modules = pgTable(
  'modules',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    ...syncTimestamps(),
  },
  (t) => [uniqueIndex('modules_slug_unique').on(t.slug)],
);

/** A role's switch for one module; a missing row means "off". */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    module_id: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    ...syncTimestamps(),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.module_id] })],
);

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    phone: text('phone'),
    /** argon2id PHC string. */
    password_hash: text('password_hash').notNull(),
    store_activated: boolean('store_activated').notNull().default(true),
    /** Cargo. */
    position: text('position'),
    /** ABHO registration code. */
    registration_code: text('registration_code'),
    /** Professional council (issue 28): 'CREA', 'CRM' or 'Outro', its number and UF; all three or none. Reviewers need them. */
    council_type: text('council_type'),
    council_number: text('council_number'),
    council_uf: text('council_uf'),
    user_type_id: integer('user_type_id')
      .notNull()
      .default(2)
      .references(() => userTypes.id),
    role_id: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    /** Profile picture; points at the files table once uploads exist. */
    image_id: integer('image_id'),
    /** Soft delete: deleted users still appear as sellers of old quotations. */
    deleted_at: timestamptz('deleted_at'),
    ...syncTimestamps(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`), uniqueIndex('users_username_unique').on(sql`lower(${t.username})`)],
);

/** Customers a customer-type user may see (spec: user-customer link). */
export const userCustomers = pgTable(
  'user_customers',
  {
    id: idColumn(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    ...syncTimestamps(),
  },
  (t) => [uniqueIndex('user_customers_pair_unique').on(t.user_id, t.customer_id), index('user_customers_customer_idx').on(t.customer_id)],
);

/**
 * One sign-in on one device: the family of refresh tokens born from a
 * password grant. Revoking it (logout, reuse of a rotated token, password
 * reset) also invalidates its access tokens, which name the session.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamptz('created_at').notNull(),
    last_used_at: timestamptz('last_used_at').notNull(),
    revoked_at: timestamptz('revoked_at'),
    /** Why it was revoked: logout, reuse, password_reset, ... (for audits). */
    revoked_reason: text('revoked_reason'),
    user_agent: text('user_agent'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.user_id)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: idColumn(),
    session_id: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: timestamptz('created_at').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    /** Set when retired; presenting a retired token again is reuse (see server/auth/sessions.ts). */
    rotated_at: timestamptz('rotated_at'),
    /** Retired unseen because its predecessor was presented again within the retry grace. */
    superseded: boolean('superseded').notNull().default(false),
    replaced_by_id: integer('replaced_by_id'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_unique').on(t.token_hash), index('refresh_tokens_session_idx').on(t.session_id)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: idColumn(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: timestamptz('created_at').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    used_at: timestamptz('used_at'),
  },
  (t) => [uniqueIndex('password_resets_hash_unique').on(t.token_hash), index('password_resets_user_idx').on(t.user_id)],
);

/**
 * Attempt times of the sign-in and recovery limits (server/auth/attempt-store.ts),
 * in the database so that every server process sees the same counts and a
 * restart forgets nothing. Keys are the rules' (`sign-in-account|user:7`);
 * rows older than the longest window are purged as the store goes.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: idColumn(),
    key: text('key').notNull(),
    at: timestamptz('at').notNull(),
  },
  (t) => [index('auth_attempts_key_at_idx').on(t.key, t.at), index('auth_attempts_at_idx').on(t.at)],
);
