-- Quotation lines get stable ids, and a sample names its agent row by that id instead of its position
-- (docs/decisions/samples-plan-and-page.md). First every line of every quotation (rows, services, costs,
-- equipments, deadlines) that has no row_id gets one (32 hex digits), in place and in order; the quotation's
-- updated_at moves so devices pull it again.
UPDATE "quotations" SET
	"rows" = CASE WHEN jsonb_typeof("rows") = 'array' THEN (
		SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(line) = 'object' AND coalesce(line->>'row_id', '') = ''
			THEN line || jsonb_build_object('row_id', replace(gen_random_uuid()::text, '-', '')) ELSE line END ORDER BY position), '[]'::jsonb)
		FROM jsonb_array_elements("rows") WITH ORDINALITY AS lines(line, position)) ELSE "rows" END,
	"services" = CASE WHEN jsonb_typeof("services") = 'array' THEN (
		SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(line) = 'object' AND coalesce(line->>'row_id', '') = ''
			THEN line || jsonb_build_object('row_id', replace(gen_random_uuid()::text, '-', '')) ELSE line END ORDER BY position), '[]'::jsonb)
		FROM jsonb_array_elements("services") WITH ORDINALITY AS lines(line, position)) ELSE "services" END,
	"costs" = CASE WHEN jsonb_typeof("costs") = 'array' THEN (
		SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(line) = 'object' AND coalesce(line->>'row_id', '') = ''
			THEN line || jsonb_build_object('row_id', replace(gen_random_uuid()::text, '-', '')) ELSE line END ORDER BY position), '[]'::jsonb)
		FROM jsonb_array_elements("costs") WITH ORDINALITY AS lines(line, position)) ELSE "costs" END,
	"equipments" = CASE WHEN jsonb_typeof("equipments") = 'array' THEN (
		SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(line) = 'object' AND coalesce(line->>'row_id', '') = ''
			THEN line || jsonb_build_object('row_id', replace(gen_random_uuid()::text, '-', '')) ELSE line END ORDER BY position), '[]'::jsonb)
		FROM jsonb_array_elements("equipments") WITH ORDINALITY AS lines(line, position)) ELSE "equipments" END,
	"deadlines" = CASE WHEN jsonb_typeof("deadlines") = 'array' THEN (
		SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(line) = 'object' AND coalesce(line->>'row_id', '') = ''
			THEN line || jsonb_build_object('row_id', replace(gen_random_uuid()::text, '-', '')) ELSE line END ORDER BY position), '[]'::jsonb)
		FROM jsonb_array_elements("deadlines") WITH ORDINALITY AS lines(line, position)) ELSE "deadlines" END,
	"updated_at" = greatest(now(), "updated_at" + interval '1 millisecond')
WHERE EXISTS (
	SELECT 1 FROM (VALUES ("rows"), ("services"), ("costs"), ("equipments"), ("deadlines")) AS lists(list)
	CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(lists.list) = 'array' THEN lists.list ELSE '[]'::jsonb END) AS lines(line)
	WHERE jsonb_typeof(line) = 'object' AND coalesce(line->>'row_id', '') = ''
);
--> statement-breakpoint
-- Then a sample's quotation_row_id, the 1-based position of its agent row, becomes text holding the row_id of
-- the row at that position (null when the quotation has no row there any more; the sample keeps its agent's
-- name). The plan slot's unique index (quotation_id, quotation_row_id, plan_unit) is rebuilt with the column.
ALTER TABLE "samples" ALTER COLUMN "quotation_row_id" SET DATA TYPE text USING "quotation_row_id"::text;
--> statement-breakpoint
UPDATE "samples" SET
	"quotation_row_id" = (
		SELECT CASE WHEN jsonb_typeof("quotations"."rows") = 'array' AND "samples"."quotation_row_id"::integer >= 1 THEN "quotations"."rows" -> ("samples"."quotation_row_id"::integer - 1) ->> 'row_id' END
		FROM "quotations" WHERE "quotations"."id" = "samples"."quotation_id"
	),
	"updated_at" = greatest(now(), "updated_at" + interval '1 millisecond')
WHERE "quotation_row_id" IS NOT NULL AND "quotation_row_id" ~ '^[0-9]{1,9}$';
