CREATE TABLE "research_job_model_part" (
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "research_job_model_part_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "research_job_model_part" ADD CONSTRAINT "research_job_model_part_job_id_research_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."research_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Models saved before the parts existed move over as one plain-JSON part each (read back as such).
INSERT INTO "research_job_model_part" ("job_id", "seq", "bytes") SELECT "id", 0, convert_to("model"::text, 'UTF8') FROM "research_job" WHERE "model" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "research_job" DROP COLUMN "model";