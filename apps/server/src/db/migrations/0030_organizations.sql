CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_parent_id_organizations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizations_parent_idx" ON "organizations" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_organization_idx" ON "users" USING btree ("organization_id");--> statement-breakpoint
-- Hand-written (docs/console.md "Organizations"): every distinct free-text organisation of an
-- account becomes a root organization, and the accounts that typed it point at it, so roles whose
-- data scope is the organisation keep seeing the same accounts. The text column stays as it was.
INSERT INTO "organizations" ("name", "code")
SELECT DISTINCT btrim("organisation"), 'legacy-' || substr(md5(btrim("organisation")), 1, 12)
FROM "users" WHERE "organization_id" IS NULL AND "organisation" IS NOT NULL AND btrim("organisation") <> '';--> statement-breakpoint
UPDATE "users" SET "organization_id" = o."id" FROM "organizations" o
WHERE "users"."organization_id" IS NULL AND "users"."organisation" IS NOT NULL AND o."code" = 'legacy-' || substr(md5(btrim("users"."organisation")), 1, 12);
