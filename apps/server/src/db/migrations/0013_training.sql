CREATE TABLE "training_attempt_item" (
	"attempt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question_id" uuid NOT NULL,
	"reading" jsonb,
	"correct" integer,
	"scored" integer,
	"answered_at" timestamp with time zone,
	CONSTRAINT "training_attempt_item_attempt_id_position_pk" PRIMARY KEY("attempt_id","position")
);
--> statement-breakpoint
CREATE TABLE "training_attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"course_id" uuid,
	"pass_score" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"score" integer
);
--> statement-breakpoint
CREATE TABLE "training_course" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"summary_zh" text DEFAULT '' NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"exam_questions" integer DEFAULT 10 NOT NULL,
	"exam_minutes" integer DEFAULT 20 NOT NULL,
	"pass_score" integer DEFAULT 60 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_lesson_done" (
	"user_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_lesson_done_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "training_lesson" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"body_zh" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_question" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"record_id" uuid,
	"key" jsonb NOT NULL,
	"engine" jsonb,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_attempt_item" ADD CONSTRAINT "training_attempt_item_attempt_id_training_attempt_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."training_attempt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_attempt_item" ADD CONSTRAINT "training_attempt_item_question_id_training_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."training_question"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_attempt" ADD CONSTRAINT "training_attempt_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_attempt" ADD CONSTRAINT "training_attempt_course_id_training_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."training_course"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_lesson_done" ADD CONSTRAINT "training_lesson_done_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_lesson_done" ADD CONSTRAINT "training_lesson_done_lesson_id_training_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."training_lesson"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_lesson" ADD CONSTRAINT "training_lesson_course_id_training_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."training_course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_question" ADD CONSTRAINT "training_question_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_question" ADD CONSTRAINT "training_question_record_id_diagnosis_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."diagnosis_record"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_question" ADD CONSTRAINT "training_question_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_attempt_user_idx" ON "training_attempt" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "training_lesson_course_idx" ON "training_lesson" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "training_question_source_idx" ON "training_question" USING btree ("source","source_ref");--> statement-breakpoint
-- A training account holding this role is a teacher (docs/training.md); the console assigns it.
INSERT INTO "roles" ("code", "name", "data_scope") VALUES ('training_teacher', '实训教师', 'self') ON CONFLICT ("code") DO NOTHING;
