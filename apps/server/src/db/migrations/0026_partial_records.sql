DROP INDEX "diagnosis_record_display_idx";--> statement-breakpoint
DROP INDEX "diagnosis_record_display_team_idx";--> statement-breakpoint
ALTER TABLE "diagnosis_record" ADD COLUMN "missing" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "diagnosis_record_display_idx" ON "diagnosis_record" USING btree ("created_at") WHERE "diagnosis_record"."status" in ('done', 'partial');--> statement-breakpoint
CREATE INDEX "diagnosis_record_display_team_idx" ON "diagnosis_record" USING btree ("team_id","created_at") WHERE "diagnosis_record"."status" in ('done', 'partial');--> statement-breakpoint
-- Hand-written below (issue 32, docs/records.md "Partial records"): a finished record with a
-- failed part is 'partial'. The display counts it like a done record (what it holds is real) and
-- adds one per failed part to the facet 'missing' (key: the engine), so the screen can say
-- "constitution missing for 3 of 27 records".
CREATE FUNCTION display_missing(results jsonb) RETURNS text[] AS $$
  -- A column that is no object (a malformed stored value) has no parts: never an error here, in
  -- the trigger of every write.
  SELECT coalesce(array_agg(e.key ORDER BY e.key), '{}')
    FROM jsonb_each(CASE WHEN jsonb_typeof(results) = 'object' THEN results ELSE '{}'::jsonb END) e
   WHERE e.key <> 'synthesis' AND e.value->>'status' = 'failed';
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION display_daily_apply(r diagnosis_record, delta integer) RETURNS void AS $$
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
      UNION ALL
      SELECT 17 + m.o, 'missing', m.key FROM unnest(display_missing(r.results)) WITH ORDINALITY m(key, o)
      ORDER BY 1
    LOOP
      INSERT INTO display_daily AS x (scope, facet, day, key, n) VALUES (s, f.facet, d, f.key, delta)
        ON CONFLICT (scope, facet, day, key) DO UPDATE SET n = x.n + excluded.n;
    END LOOP;
  END LOOP;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION display_daily_sync() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IN ('done', 'partial') AND NEW.status = OLD.status
     AND (OLD.display_constitution, OLD.display_pattern, OLD.display_risk, OLD.display_tongue,
          OLD.team_id, OLD.device_id, OLD.created_at)
         IS NOT DISTINCT FROM (NEW.display_constitution, NEW.display_pattern, NEW.display_risk,
          NEW.display_tongue, NEW.team_id, NEW.device_id, NEW.created_at)
     AND display_missing(OLD.results) = display_missing(NEW.results) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status IN ('done', 'partial') THEN
    PERFORM display_daily_apply(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status IN ('done', 'partial') THEN
    PERFORM display_daily_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION display_daily_rebuild() RETURNS void AS $$
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
      SELECT 'tongue', i::text FROM generate_series(0, 9) i WHERE r.display_tongue & (1 << i) <> 0
      UNION ALL
      SELECT 'missing', m FROM unnest(display_missing(r.results)) m) f
   WHERE r.status IN ('done', 'partial') AND s.scope IS NOT NULL AND f.key IS NOT NULL
   GROUP BY 1, 2, 3, 4;
$$ LANGUAGE sql;
--> statement-breakpoint
-- Records analyzed before this release with a failed part read 'done': they are 'partial' now
-- (their stored outcomes say so), then the display's counts are rebuilt once.
ALTER TABLE diagnosis_record DISABLE TRIGGER display_daily_sync;
--> statement-breakpoint
UPDATE diagnosis_record r SET status = 'partial',
       missing = (SELECT jsonb_agg(jsonb_build_object('engine', e.key, 'code', coalesce((e.value->'error'->>'code')::int, 4001011)) ORDER BY e.key)
                    FROM jsonb_each(CASE WHEN jsonb_typeof(r.results) = 'object' THEN r.results ELSE '{}'::jsonb END) e
                   WHERE e.key <> 'synthesis' AND e.value->>'status' = 'failed')
 WHERE status = 'done' AND cardinality(display_missing(results)) > 0;
--> statement-breakpoint
ALTER TABLE diagnosis_record ENABLE TRIGGER display_daily_sync;
--> statement-breakpoint
SELECT display_daily_rebuild();
