CREATE TABLE "display_daily" (
	"scope" text NOT NULL,
	"facet" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "display_daily_scope_facet_day_key_pk" PRIMARY KEY("scope","facet","day","key")
);
--> statement-breakpoint
ALTER TABLE "diagnosis_record" ADD COLUMN "display_constitution" text GENERATED ALWAYS AS (coalesce(coalesce(nullif("results"->'synthesis'->'result'->'constitution', 'null'::jsonb), "results"->'constitution'->'result')->'summary'->'types'->>0, case when coalesce(nullif("results"->'synthesis'->'result'->'constitution', 'null'::jsonb), "results"->'constitution'->'result')->'summary'->>'balanced' in ('yes', 'basically_yes') then 'A' end, coalesce(nullif("results"->'synthesis'->'result'->'constitution', 'null'::jsonb), "results"->'constitution'->'result')->'summary'->'tendencies'->>0)) STORED;--> statement-breakpoint
ALTER TABLE "diagnosis_record" ADD COLUMN "display_pattern" text GENERATED ALWAYS AS ("results"->'synthesis'->'result'->'patterns'->0->>'id') STORED;--> statement-breakpoint
ALTER TABLE "diagnosis_record" ADD COLUMN "display_risk" text GENERATED ALWAYS AS (case when coalesce(nullif("results"->'synthesis'->'result'->'vitals', 'null'::jsonb), nullif("results"->'vitals'->'result', 'null'::jsonb)) is null then null when coalesce(nullif("results"->'synthesis'->'result'->'vitals', 'null'::jsonb), nullif("results"->'vitals'->'result', 'null'::jsonb))->>'overall' in ('low', 'medium', 'high') then coalesce(nullif("results"->'synthesis'->'result'->'vitals', 'null'::jsonb), nullif("results"->'vitals'->'result', 'null'::jsonb))->>'overall' else 'none' end) STORED;--> statement-breakpoint
ALTER TABLE "diagnosis_record" ADD COLUMN "display_tongue" integer GENERATED ALWAYS AS (case when "results"->'tongue'->'result'->'features' is null then null else (case when "results"->'tongue'->'result'->'features'->'bodyColor'->>'label' not in ('light_red') then 1 else 0 end) | (case when "results"->'tongue'->'result'->'features'->'coatingColor'->>'label' not in ('white') then 2 else 0 end) | (case when "results"->'tongue'->'result'->'features'->'coatingThickness'->>'label' not in ('thin') then 4 else 0 end) | (case when "results"->'tongue'->'result'->'features'->'greasy'->>'label' not in ('not_greasy') then 8 else 0 end) | (case when "results"->'tongue'->'result'->'features'->'peeled'->>'label' not in ('none') then 16 else 0 end) | (case when "results"->'tongue'->'result'->'features'->'moisture'->>'label' not in ('normal') then 32 else 0 end) | (case when "results"->'tongue'->'result'->'features'->'cracks'->>'label' not in ('none') then 64 else 0 end) | (case when "results"->'tongue'->'result'->'features'->'toothMarks'->>'label' not in ('none') then 128 else 0 end) | (case when "results"->'tongue'->'result'->'features'->'spots'->>'label' not in ('none') then 256 else 0 end) | (case when "results"->'tongue'->'result'->'features'->'shape'->>'label' not in ('normal') then 512 else 0 end) end) STORED;--> statement-breakpoint
CREATE INDEX "diagnosis_record_display_idx" ON "diagnosis_record" USING btree ("created_at") WHERE "diagnosis_record"."status" = 'done';--> statement-breakpoint
CREATE INDEX "diagnosis_record_display_team_idx" ON "diagnosis_record" USING btree ("team_id","created_at") WHERE "diagnosis_record"."status" = 'done';--> statement-breakpoint
-- The display's daily counts (docs/display.md), kept by a trigger: a finished record adds one to
-- each of its facets' rows for its Shanghai day, in scope 'all' and in its team's scope; a record
-- leaving 'done' (retry) or whose facets change (re-analysis) takes its old ones away first. Rows
-- are taken in the same order by every transaction ('all' / total first), so they never deadlock.
CREATE FUNCTION display_daily_apply(r diagnosis_record, delta integer) RETURNS void AS $$
DECLARE
  d date := (r.created_at AT TIME ZONE 'Asia/Shanghai')::date;
  s text;
  f record;
BEGIN
  FOREACH s IN ARRAY array_remove(ARRAY['all', r.team_id::text], NULL) LOOP
    FOR f IN
      SELECT * FROM (VALUES
        (1, 'total', ''),
        (2, 'constitution', r.display_constitution),
        (3, 'pattern', r.display_pattern),
        (4, 'risk', r.display_risk),
        (5, 'device', coalesce(r.device_id::text, '')),
        (6, 'tongue', CASE WHEN r.display_tongue IS NOT NULL THEN 'records' END)) v(o, facet, key)
      WHERE v.key IS NOT NULL
      UNION ALL
      SELECT 7 + i, 'tongue', i::text FROM generate_series(0, 9) i WHERE r.display_tongue & (1 << i) <> 0
      ORDER BY 1
    LOOP
      INSERT INTO display_daily AS x (scope, facet, day, key, n) VALUES (s, f.facet, d, f.key, delta)
        ON CONFLICT (scope, facet, day, key) DO UPDATE SET n = x.n + excluded.n;
    END LOOP;
  END LOOP;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION display_daily_sync() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'done' AND NEW.status = 'done'
     AND (OLD.display_constitution, OLD.display_pattern, OLD.display_risk, OLD.display_tongue,
          OLD.team_id, OLD.device_id, OLD.created_at)
         IS NOT DISTINCT FROM (NEW.display_constitution, NEW.display_pattern, NEW.display_risk,
          NEW.display_tongue, NEW.team_id, NEW.device_id, NEW.created_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'done' THEN
    PERFORM display_daily_apply(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'done' THEN
    PERFORM display_daily_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER display_daily_sync AFTER INSERT OR UPDATE OR DELETE ON diagnosis_record
  FOR EACH ROW EXECUTE FUNCTION display_daily_sync();
--> statement-breakpoint
-- Counts every finished record again from scratch (this migration; a bulk load with the trigger off).
CREATE FUNCTION display_daily_rebuild() RETURNS void AS $$
  DELETE FROM display_daily;
  INSERT INTO display_daily (scope, facet, day, key, n)
  SELECT s.scope, f.facet, (r.created_at AT TIME ZONE 'Asia/Shanghai')::date, f.key, count(*)
    FROM diagnosis_record r
    CROSS JOIN LATERAL (VALUES ('all'), (r.team_id::text)) s(scope)
    CROSS JOIN LATERAL (
      SELECT * FROM (VALUES
        ('total', ''),
        ('constitution', r.display_constitution),
        ('pattern', r.display_pattern),
        ('risk', r.display_risk),
        ('device', coalesce(r.device_id::text, '')),
        ('tongue', CASE WHEN r.display_tongue IS NOT NULL THEN 'records' END)) v(facet, key)
      UNION ALL
      SELECT 'tongue', i::text FROM generate_series(0, 9) i WHERE r.display_tongue & (1 << i) <> 0) f
   WHERE r.status = 'done' AND s.scope IS NOT NULL AND f.key IS NOT NULL
   GROUP BY 1, 2, 3, 4;
$$ LANGUAGE sql;
--> statement-breakpoint
SELECT display_daily_rebuild();
