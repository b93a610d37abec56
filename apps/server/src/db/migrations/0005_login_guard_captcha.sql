ALTER TABLE "captchas" ADD COLUMN "kind" text DEFAULT 'jigsaw' NOT NULL;--> statement-breakpoint
ALTER TABLE "captchas" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "next_at" timestamp with time zone;