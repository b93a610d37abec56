CREATE TABLE "team_application" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"invitation_id" uuid,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invitation_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "team_application" ADD CONSTRAINT "team_application_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_application" ADD CONSTRAINT "team_application_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_application" ADD CONSTRAINT "team_application_invitation_id_team_invitation_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."team_invitation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_application" ADD CONSTRAINT "team_application_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitation" ADD CONSTRAINT "team_invitation_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitation" ADD CONSTRAINT "team_invitation_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_application_team_idx" ON "team_application" USING btree ("team_id","status");--> statement-breakpoint
CREATE INDEX "team_application_applicant_idx" ON "team_application" USING btree ("applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_application_pending_uq" ON "team_application" USING btree ("team_id","applicant_id") WHERE "team_application"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "team_invitation_team_idx" ON "team_invitation" USING btree ("team_id");--> statement-breakpoint
-- Databases seeded before this migration: device records are for team leaders only (docs/member.md "Menus").
UPDATE "menus" SET "requires" = 'teamLeader' WHERE "area" = 'member' AND "path" = '/member/config/deviceRecord' AND "requires" IS NULL;
