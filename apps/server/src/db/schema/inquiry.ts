import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, requiredRef, updatedAt, uuidId } from './columns.js';
import { formScoreSchema, type Answers, type TemplateDefinition } from '@tcm/contract';
import { storedJson } from './stored-json.js';
import { users } from './users.js';
import { archiveCases, archiveVisits } from './archive.js';

/** A doctor's own four-diagnosis form template (the built-in constitution questionnaire is code, not a row). */
export const inquiryTemplates = pgTable(
  'inquiry_template',
  {
    id: uuidId(),
    ownerUserId: requiredRef('owner_user_id', () => users.id, 'cascade'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    definition: jsonb('definition').$type<TemplateDefinition>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('inquiry_template_owner_idx').on(t.ownerUserId)],
);

/**
 * A form of a case: filled by the doctor, or sent to the patient as a one-time link. It keeps a
 * copy of the template's definition, so editing or deleting the template never changes it.
 */
export const inquiryForms = pgTable(
  'inquiry_form',
  {
    id: uuidId(),
    caseId: requiredRef('case_id', () => archiveCases.id, 'cascade'),
    visitId: uuid('visit_id').references(() => archiveVisits.id, { onDelete: 'set null' }),
    /** The template it came from (a uuid, or the built-in's id); null once that template is deleted. */
    templateId: text('template_id'),
    templateName: text('template_name').notNull(),
    definition: jsonb('definition').$type<TemplateDefinition>().notNull(),
    /** The patient's sex when the form was made (sex-only questions). */
    sex: text('sex', { enum: ['male', 'female'] }).notNull(),
    mode: text('mode', { enum: ['doctor', 'link'] }).notNull(),
    /** sha256 of the link token (the token itself is shown once, when sent). */
    tokenHash: text('token_hash').unique(),
    expiresAt: moment('expires_at'),
    answers: jsonb('answers').$type<Answers>(),
    score: storedJson('score', formScoreSchema),
    submittedAt: moment('submitted_at'),
    doctorUserId: requiredRef('doctor_user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('inquiry_form_case_idx').on(t.caseId, t.createdAt)],
);
