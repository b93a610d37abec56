ALTER TABLE "training_question" ALTER COLUMN "file_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "training_attempt_item" ADD COLUMN "choice" integer;--> statement-breakpoint
ALTER TABLE "training_course" ADD COLUMN "starter_ref" text;--> statement-breakpoint
ALTER TABLE "training_lesson" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "training_lesson" ADD COLUMN "starter_ref" text;--> statement-breakpoint
ALTER TABLE "training_question" ADD COLUMN "kind" text DEFAULT 'photo' NOT NULL;--> statement-breakpoint
ALTER TABLE "training_question" ADD COLUMN "course_id" uuid;--> statement-breakpoint
ALTER TABLE "training_question" ADD COLUMN "choice" jsonb;--> statement-breakpoint
ALTER TABLE "training_question" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "training_question" ADD CONSTRAINT "training_question_course_id_training_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."training_course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_question_course_idx" ON "training_question" USING btree ("course_id");--> statement-breakpoint
ALTER TABLE "training_course" ADD CONSTRAINT "training_course_starter_ref_unique" UNIQUE("starter_ref");--> statement-breakpoint
ALTER TABLE "training_lesson" ADD CONSTRAINT "training_lesson_starter_ref_unique" UNIQUE("starter_ref");