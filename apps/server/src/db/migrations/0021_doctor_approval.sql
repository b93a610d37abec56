ALTER TABLE "users" ADD COLUMN "approval" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approval_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approval_at" timestamp with time zone;