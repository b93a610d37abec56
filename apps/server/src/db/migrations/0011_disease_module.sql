CREATE TABLE "disease_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disease_screening" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"disease_id" text NOT NULL,
	"team_id" uuid,
	"created_by" uuid NOT NULL,
	"person_name" text,
	"person_sex" text,
	"person_age" integer,
	"record_ids" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"level" text NOT NULL,
	"risk" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disease_entry" ADD CONSTRAINT "disease_entry_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disease_screening" ADD CONSTRAINT "disease_screening_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disease_screening" ADD CONSTRAINT "disease_screening_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disease_screening_team_idx" ON "disease_screening" USING btree ("team_id","disease_id","created_at");--> statement-breakpoint
CREATE INDEX "disease_screening_creator_idx" ON "disease_screening" USING btree ("created_by","created_at");