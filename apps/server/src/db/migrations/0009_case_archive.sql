CREATE TABLE "archive_case" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"group_id" uuid,
	"name" text NOT NULL,
	"sex" text NOT NULL,
	"birth_date" date NOT NULL,
	"phone" text NOT NULL,
	"id_number" text,
	"pregnant" boolean DEFAULT false NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"visit_count" integer DEFAULT 0 NOT NULL,
	"last_visit_at" date,
	"tcm_disease" text DEFAULT '' NOT NULL,
	"tcm_syndrome" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "archive_formula" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"herbs" jsonb NOT NULL,
	"usage" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archive_group_member" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "archive_group_member_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "archive_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archive_herb_override" (
	"doctor_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"dose_min" real NOT NULL,
	"dose_max" real NOT NULL,
	"pregnancy" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "archive_herb_override_doctor_user_id_name_pk" PRIMARY KEY("doctor_user_id","name")
);
--> statement-breakpoint
CREATE TABLE "archive_visit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"visit_date" date NOT NULL,
	"chief_complaint" text NOT NULL,
	"present_illness" text DEFAULT '' NOT NULL,
	"past_history" text DEFAULT '' NOT NULL,
	"four_diagnosis" jsonb NOT NULL,
	"record_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tcm_disease" text DEFAULT '' NOT NULL,
	"tcm_syndrome" text DEFAULT '' NOT NULL,
	"western" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"treatment_principle" text DEFAULT '' NOT NULL,
	"prescription" jsonb,
	"advice" text DEFAULT '' NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"doctor_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "archive_case" ADD CONSTRAINT "archive_case_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_case" ADD CONSTRAINT "archive_case_group_id_archive_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."archive_group"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_formula" ADD CONSTRAINT "archive_formula_doctor_user_id_users_id_fk" FOREIGN KEY ("doctor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_group_member" ADD CONSTRAINT "archive_group_member_group_id_archive_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."archive_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_group_member" ADD CONSTRAINT "archive_group_member_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_group" ADD CONSTRAINT "archive_group_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_herb_override" ADD CONSTRAINT "archive_herb_override_doctor_user_id_users_id_fk" FOREIGN KEY ("doctor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_visit" ADD CONSTRAINT "archive_visit_case_id_archive_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."archive_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archive_visit" ADD CONSTRAINT "archive_visit_doctor_user_id_users_id_fk" FOREIGN KEY ("doctor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archive_case_owner_idx" ON "archive_case" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "archive_case_group_idx" ON "archive_case" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "archive_formula_doctor_idx" ON "archive_formula" USING btree ("doctor_user_id");--> statement-breakpoint
CREATE INDEX "archive_group_member_user_idx" ON "archive_group_member" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "archive_group_owner_idx" ON "archive_group" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "archive_visit_case_idx" ON "archive_visit" USING btree ("case_id","number");