CREATE TABLE "corporation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"contact" text,
	"menu_api" boolean DEFAULT false NOT NULL,
	"menu_h5" boolean DEFAULT false NOT NULL,
	"menu_wx" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corporation_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "open_api_counter" (
	"key_id" uuid NOT NULL,
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "open_api_counter_key_id_bucket_window_start_pk" PRIMARY KEY("key_id","bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "open_api_key" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporation_id" uuid NOT NULL,
	"app_key" text NOT NULL,
	"secret_enc" text NOT NULL,
	"label" text,
	"status" text DEFAULT 'active' NOT NULL,
	"rate_limit_per_min" integer NOT NULL,
	"daily_quota" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "open_api_key_app_key_unique" UNIQUE("app_key")
);
--> statement-breakpoint
CREATE TABLE "open_api_nonce" (
	"key_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_api_nonce_key_id_nonce_pk" PRIMARY KEY("key_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "open_api_task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_id" uuid NOT NULL,
	"corporation_id" uuid NOT NULL,
	"record_id" uuid,
	"idempotency_key" text,
	"request_hash" text NOT NULL,
	"webhook_url" text,
	"webhook_status" text DEFAULT 'none' NOT NULL,
	"webhook_attempts" integer DEFAULT 0 NOT NULL,
	"webhook_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "open_api_counter" ADD CONSTRAINT "open_api_counter_key_id_open_api_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."open_api_key"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_key" ADD CONSTRAINT "open_api_key_corporation_id_corporation_id_fk" FOREIGN KEY ("corporation_id") REFERENCES "public"."corporation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_nonce" ADD CONSTRAINT "open_api_nonce_key_id_open_api_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."open_api_key"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_task" ADD CONSTRAINT "open_api_task_key_id_open_api_key_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."open_api_key"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_task" ADD CONSTRAINT "open_api_task_corporation_id_corporation_id_fk" FOREIGN KEY ("corporation_id") REFERENCES "public"."corporation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_task" ADD CONSTRAINT "open_api_task_record_id_diagnosis_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."diagnosis_record"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_api_key_corporation_idx" ON "open_api_key" USING btree ("corporation_id");--> statement-breakpoint
CREATE INDEX "open_api_nonce_created_idx" ON "open_api_nonce" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "open_api_task_idem_idx" ON "open_api_task" USING btree ("key_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "open_api_task_webhook_idx" ON "open_api_task" USING btree ("webhook_status");--> statement-breakpoint
CREATE INDEX "open_api_task_record_idx" ON "open_api_task" USING btree ("record_id");