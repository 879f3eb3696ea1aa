-- Issue 26 (docs/decisions/server-list-speed.md): searches and lists at 100,000 rows.
-- search_fold is the fold every search of the API applies to a column (server/sync/search.ts folds the term the same way in JS):
-- lowercase, the accented letters of Portuguese and their neighbours plain. IMMUTABLE, so generated columns and indexes may use it.
-- Agents, customers, quotations and samples keep their searched columns folded in a stored search_text (db/schema/search-text.ts)
-- with a trigram index (pg_trgm: PostgreSQL's contrib, trusted since 13; PGlite's contrib, loaded by server/db/pglite-extensions.ts),
-- and an index on the documented list's order (created_at, id).
-- list_writes counts write statements on the tables lists read: a list keeps a total it counted until the count moves
-- (server/sync/list-total.ts). High-churn tables no list counts are left out (auth attempts, sessions, tokens, resets,
-- idempotency keys, the deletion log, app_meta); a test keeps the set in step with the schema (tests/server/list-writes.test.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(coalesce($1, ''), 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿ', 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnnyyy'))
$$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(coalesce("products"."name", '') || ' ' || coalesce("products"."code", '') || ' ' || coalesce("products"."cas", ''))) STORED;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(coalesce("customers"."name", '') || ' ' || coalesce("customers"."email", ''))) STORED;
--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(coalesce("quotations"."reference_no", '') || ' ' || coalesce("quotations"."customer_name", ''))) STORED;
--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(coalesce("samples"."agent_name", '') || ' ' || coalesce("samples"."employee", '') || ' ' || coalesce("samples"."company_name", ''))) STORED;
--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=128);
--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=128);
--> statement-breakpoint
CREATE INDEX "customers_document_search_idx" ON "customers" USING gin (upper(coalesce("document", '')) gin_trgm_ops) WITH (gin_pending_list_limit=128);
--> statement-breakpoint
CREATE INDEX "customers_phone_search_idx" ON "customers" USING gin (coalesce("phone", '') gin_trgm_ops) WITH (gin_pending_list_limit=128);
--> statement-breakpoint
CREATE INDEX "quotations_created_idx" ON "quotations" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "quotations_search_idx" ON "quotations" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=128);
--> statement-breakpoint
CREATE INDEX "samples_created_idx" ON "samples" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "samples_search_idx" ON "samples" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=128);
--> statement-breakpoint
CREATE SEQUENCE list_writes;
--> statement-breakpoint
CREATE FUNCTION count_list_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('list_writes');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY[
    'alerts',
    'costs',
    'customer_addresses',
    'customer_contacts',
    'customer_files',
    'customers',
    'equipment',
    'equipment_categories',
    'exposition_types',
    'files',
    'modules',
    'options',
    'product_equipments',
    'product_types',
    'products',
    'quotation_payment_types',
    'quotations',
    'role_permissions',
    'roles',
    'sample_approvals',
    'sample_events',
    'sample_files',
    'sample_types',
    'samples',
    'sampling_methods',
    'service_equipments',
    'services',
    'user_customers',
    'user_types',
    'users'
  ] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION count_list_write()', name || '_list_writes', name);
  END LOOP;
END
$$;
