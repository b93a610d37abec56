CREATE TABLE "maintenance_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" jsonb
);
