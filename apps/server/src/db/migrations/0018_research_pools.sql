CREATE TABLE "research_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool_id" uuid NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"phase" text,
	"variables" jsonb NOT NULL,
	"sample_count" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"model" jsonb,
	"failure" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "research_pool" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sample_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_sample" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "research_job" ADD CONSTRAINT "research_job_pool_id_research_pool_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."research_pool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_job" ADD CONSTRAINT "research_job_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_pool" ADD CONSTRAINT "research_pool_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_sample" ADD CONSTRAINT "research_sample_pool_id_research_pool_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."research_pool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_job_owner_idx" ON "research_job" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "research_job_pool_idx" ON "research_job" USING btree ("pool_id","created_at");--> statement-breakpoint
CREATE INDEX "research_pool_owner_idx" ON "research_pool" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "research_sample_pool_idx" ON "research_sample" USING btree ("pool_id","created_at","id");--> statement-breakpoint
CREATE INDEX "research_sample_source_idx" ON "research_sample" USING btree ("pool_id","source","source_id");