ALTER TABLE "audit_log" ADD COLUMN "actor_kind" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "entity" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "verb" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "status" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "stored_file" ADD COLUMN "public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "diagnosis_record_files_idx" ON "diagnosis_record" USING gin ("files" jsonb_path_ops);--> statement-breakpoint
-- Files the site already shows as CMS images (news and page bodies, covers, the logo) stay public;
-- every other stored file is health data from now on (docs/security.md §12).
UPDATE "stored_file" f SET "public" = true
WHERE EXISTS (
  SELECT 1 FROM "content_items" c
  WHERE position(f."id"::text in coalesce(c."cover_url", '') || ' ' || c."body") > 0
) OR EXISTS (
  SELECT 1 FROM "site_settings" s WHERE position(f."id"::text in coalesce(s."value"->>'logoUrl', '')) > 0
);
