CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" uuid,
	"actor_device_id" uuid,
	"target_id" text,
	"ip" text,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"location" text,
	"secret_hash" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "diagnosis_record" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"kind" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"person_name" text,
	"person_sex" text,
	"person_age" integer,
	"person_phone" text,
	"subject_user_id" uuid,
	"owner_user_id" uuid,
	"team_id" uuid,
	"device_id" uuid,
	"files" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"vitals" jsonb,
	"inquiry" jsonb,
	"results" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"step" text,
	"failure" jsonb,
	"attempts" integer DEFAULT 1 NOT NULL,
	"lang" text DEFAULT 'zh' NOT NULL,
	"share_token" text NOT NULL,
	"conclusion" text,
	"tongue_mask_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "diagnosis_record_share_token_unique" UNIQUE("share_token")
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"owner_user_id" uuid,
	"device_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_record" ADD CONSTRAINT "diagnosis_record_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_record" ADD CONSTRAINT "diagnosis_record_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_record" ADD CONSTRAINT "diagnosis_record_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_record" ADD CONSTRAINT "diagnosis_record_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "device_team_idx" ON "device" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "diagnosis_record_team_idx" ON "diagnosis_record" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "diagnosis_record_owner_idx" ON "diagnosis_record" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "diagnosis_record_subject_idx" ON "diagnosis_record" USING btree ("subject_user_id");--> statement-breakpoint
CREATE INDEX "diagnosis_record_device_idx" ON "diagnosis_record" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "stored_file_owner_idx" ON "stored_file" USING btree ("owner_user_id");