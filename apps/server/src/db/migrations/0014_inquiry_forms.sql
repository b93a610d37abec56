CREATE TABLE "inquiry_form" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"visit_id" uuid,
	"template_id" text,
	"template_name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"sex" text NOT NULL,
	"mode" text NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"answers" jsonb,
	"score" jsonb,
	"submitted_at" timestamp with time zone,
	"doctor_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiry_form_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "inquiry_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiry_form" ADD CONSTRAINT "inquiry_form_case_id_archive_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."archive_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_form" ADD CONSTRAINT "inquiry_form_visit_id_archive_visit_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."archive_visit"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_form" ADD CONSTRAINT "inquiry_form_doctor_user_id_users_id_fk" FOREIGN KEY ("doctor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_template" ADD CONSTRAINT "inquiry_template_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiry_form_case_idx" ON "inquiry_form" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "inquiry_template_owner_idx" ON "inquiry_template" USING btree ("owner_user_id");