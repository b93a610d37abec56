DROP INDEX "diagnosis_record_team_idx";--> statement-breakpoint
DROP INDEX "diagnosis_record_owner_idx";--> statement-breakpoint
DROP INDEX "diagnosis_record_subject_idx";--> statement-breakpoint
CREATE INDEX "diagnosis_record_person_idx" ON "diagnosis_record" USING btree ("person_name","person_phone");--> statement-breakpoint
CREATE INDEX "diagnosis_record_team_idx" ON "diagnosis_record" USING btree ("team_id","source","created_at","id");--> statement-breakpoint
CREATE INDEX "diagnosis_record_owner_idx" ON "diagnosis_record" USING btree ("owner_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "diagnosis_record_subject_idx" ON "diagnosis_record" USING btree ("subject_user_id","created_at","id");