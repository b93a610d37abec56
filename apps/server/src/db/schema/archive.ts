import { boolean, date, index, integer, jsonb, pgTable, primaryKey, real, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, requiredRef, updatedAt, uuidId } from './columns.js';
import { prescriptionSchema, storedPrescriptionSchema } from '@tcm/contract';
import { storedJson } from './stored-json.js';
import { users } from './users.js';

/** A doctor's case group; its cases are shared read/write with the group's member doctors (docs/archive.md). */
export const archiveGroups = pgTable(
  'archive_group',
  {
    id: uuidId(),
    ownerUserId: requiredRef('owner_user_id', () => users.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('archive_group_owner_idx').on(t.ownerUserId)],
);

/** Doctors a group is shared with (the owner is not listed). */
export const archiveGroupMembers = pgTable(
  'archive_group_member',
  {
    groupId: requiredRef('group_id', () => archiveGroups.id, 'cascade'),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('archive_group_member_user_idx').on(t.userId)],
);

/** A case (医案): one patient of one doctor; deleted cases keep `deleted_at` for the recycle view. */
export const archiveCases = pgTable(
  'archive_case',
  {
    id: uuidId(),
    ownerUserId: requiredRef('owner_user_id', () => users.id),
    groupId: uuid('group_id').references(() => archiveGroups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    sex: text('sex', { enum: ['male', 'female'] }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    phone: text('phone').notNull(),
    idNumber: text('id_number'),
    pregnant: boolean('pregnant').notNull().default(false),
    remark: text('remark').notNull().default(''),
    // Kept from the visits on every visit write, so the list filters and sorts on plain columns.
    visitCount: integer('visit_count').notNull().default(0),
    lastVisitAt: date('last_visit_at', { mode: 'string' }),
    /** Diagnoses of the latest visit. */
    tcmDisease: text('tcm_disease').notNull().default(''),
    tcmSyndrome: text('tcm_syndrome').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: moment('deleted_at'),
  },
  (t) => [
    index('archive_case_owner_idx').on(t.ownerUserId, t.createdAt),
    index('archive_case_group_idx').on(t.groupId),
  ],
);

export interface FourDiagnosisText {
  inspection: string;
  listening: string;
  inquiry: string;
  palpation: string;
}

/** One visit of a case: number 1 is the first visit, later ones are follow-ups. */
export const archiveVisits = pgTable(
  'archive_visit',
  {
    id: uuidId(),
    caseId: requiredRef('case_id', () => archiveCases.id, 'cascade'),
    number: integer('number').notNull(),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    chiefComplaint: text('chief_complaint').notNull(),
    presentIllness: text('present_illness').notNull().default(''),
    pastHistory: text('past_history').notNull().default(''),
    fourDiagnosis: jsonb('four_diagnosis').$type<FourDiagnosisText>().notNull(),
    /** Linked platform records (diagnosis_record ids). */
    recordIds: jsonb('record_ids').$type<string[]>().notNull().default([]),
    tcmDisease: text('tcm_disease').notNull().default(''),
    tcmSyndrome: text('tcm_syndrome').notNull().default(''),
    western: jsonb('western').$type<string[]>().notNull().default([]),
    treatmentPrinciple: text('treatment_principle').notNull().default(''),
    prescription: storedJson('prescription', storedPrescriptionSchema),
    advice: text('advice').notNull().default(''),
    outcome: text('outcome').notNull().default(''),
    /** Who wrote the visit (the owner or a doctor of a shared group). */
    doctorUserId: requiredRef('doctor_user_id', () => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('archive_visit_case_idx').on(t.caseId, t.number)],
);

/** A doctor's own correction of a dictionary herb (dose range, pregnancy); wins over the shipped row for them. */
export const archiveHerbOverrides = pgTable(
  'archive_herb_override',
  {
    doctorUserId: requiredRef('doctor_user_id', () => users.id, 'cascade'),
    name: text('name').notNull(),
    doseMin: real('dose_min').notNull(),
    doseMax: real('dose_max').notNull(),
    /** forbidden | caution | none (none: the doctor clears a shipped caution). */
    pregnancy: text('pregnancy', { enum: ['forbidden', 'caution', 'none'] }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.doctorUserId, t.name] })],
);

/** A doctor's own formula (experience prescription), listed with the classic library for them. */
export const archiveFormulas = pgTable(
  'archive_formula',
  {
    id: uuidId(),
    doctorUserId: requiredRef('doctor_user_id', () => users.id, 'cascade'),
    name: text('name').notNull(),
    herbs: storedJson('herbs', prescriptionSchema.shape.herbs).notNull(),
    usage: text('usage').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('archive_formula_doctor_idx').on(t.doctorUserId)],
);
