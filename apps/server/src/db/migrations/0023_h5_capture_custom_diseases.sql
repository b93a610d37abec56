CREATE TABLE "h5_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"key_id" uuid NOT NULL,
	"corporation_id" uuid NOT NULL,
	"return_url" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"person" jsonb NOT NULL,
	"lang" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"task_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "h5_session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "disease_entry" ADD COLUMN "model" jsonb;--> statement-breakpoint
ALTER TABLE "disease_entry" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "corporation" ADD COLUMN "h5_brand_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "corporation" ADD COLUMN "h5_colour" text DEFAULT '#1677ff' NOT NULL;--> statement-breakpoint
ALTER TABLE "corporation" ADD COLUMN "h5_logo" text;--> statement-breakpoint
ALTER TABLE "corporation" ADD COLUMN "h5_return_origins" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "h5_session" ADD CONSTRAINT "h5_session_key_id_open_api_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."open_api_key"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "h5_session" ADD CONSTRAINT "h5_session_corporation_id_corporation_id_fk" FOREIGN KEY ("corporation_id") REFERENCES "public"."corporation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "h5_session" ADD CONSTRAINT "h5_session_task_id_open_api_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."open_api_task"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "h5_session_expires_idx" ON "h5_session" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "disease_entry" ADD CONSTRAINT "disease_entry_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;