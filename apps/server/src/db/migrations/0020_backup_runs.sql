CREATE TABLE "backup_runs" (
	"slot" timestamp with time zone PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"file" text,
	"bytes" bigint,
	"error" text,
	"host" text NOT NULL
);
