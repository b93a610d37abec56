import archiveErrors from './errors/archive.json' with { type: 'json' };
import { z } from 'zod';
import { rowTimes } from './row-times.js';
import { tablePageOf, tableSearch } from './paging.js';
import { defineErrors } from './errors.js';
import { sortOrder } from './query.js';
import { recordDetailSchema } from './records.js';
import { reportLanguageSchema } from './report.js';
import { PREPARATIONS, safetyWarningSchema } from './herb-safety.js';
import { clinicDay } from './reader-format.js';
import { FORM_RULES, ruleParams } from './validation-text.js';

/**
 * The doctor's case archive (医案, spec §2 医案管理, issue 19; docs/archive.md): cases of
 * patients, case groups shared between doctors, visits (first and follow-ups), prescriptions.
 * The spec shows none of these calls; the paths below are designed here.
 */
const BASE = '/backend/doctor/archive';
export const ARCHIVE_PATHS = {
  list: `${BASE}/list`,
  add: `${BASE}/add`,
  detail: (id: string) => `${BASE}/detail/${id}`,
  update: (id: string) => `${BASE}/update/${id}`,
  /** Batch delete to the recycle view (deleteArchive). */
  remove: `${BASE}/delete`,
  restore: `${BASE}/restore`,
  joinGroups: `${BASE}/joinGroups`,
  groups: `${BASE}/group/list`,
  addGroup: `${BASE}/group/add`,
  exportXlsx: `${BASE}/export`,
  casePdf: (id: string) => `${BASE}/pdf/${id}`,
  addVisit: (archiveId: string) => `${BASE}/visit/add/${archiveId}`,
  visit: (visitId: string) => `${BASE}/visit/detail/${visitId}`,
  updateVisit: (visitId: string) => `${BASE}/visit/update/${visitId}`,
  visitPdf: (visitId: string) => `${BASE}/visit/pdf/${visitId}`,
  /** Links one platform record to a visit (the doctor's capture from the visit, issue 33). */
  linkRecord: (visitId: string) => `${BASE}/visit/linkRecord/${visitId}`,
  herbs: `${BASE}/herbs`,
  /** The caller's own correction of a dictionary herb (dose range, pregnancy). */
  herbOverride: `${BASE}/herbs/override`,
  herbOverrideRemove: `${BASE}/herbs/override/remove`,
  formulas: `${BASE}/formulas`,
  /** The caller's own formulas, listed with the classic library. */
  addFormula: `${BASE}/formulas/add`,
  removeFormula: `${BASE}/formulas/remove`,
  checkPrescription: `${BASE}/prescription/check`,
} as const;

/** Button codes of the case-list toolbar (spec §6), enforced by the server too. */
export const ARCHIVE_BUTTONS = {
  group: 'doctorArchiveManage-group',
  add: 'doctorArchiveManage-add',
  batchDelete: 'doctorArchiveManage-batch-delete',
} as const;

/** Days a deleted case stays restorable in the recycle view. */
export const ARCHIVE_RESTORE_DAYS = 30;

/**
 * Errors of the case archive (errors/archive.json). CASE_FORBIDDEN also answers ids that do not
 * exist, so another doctor's case ids cannot be probed; PRESCRIPTION_NEEDS_REASON carries in
 * `data.warnings` the warnings (with codes) that need the doctor's written reason,
 * PRESCRIPTION_REFUSED the toxic doses above the hard ceiling (no reason passes them);
 * VISIT_RECORDS_FULL: a visit links at most `visitBody.recordIds`' 20 records.
 */
export const ARCHIVE_ERRORS = defineErrors(archiveErrors);

const uuid = z.string().uuid();
const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).optional().default('');
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The oldest age a date of birth may give (years); older is a typing error. */
export const MAX_AGE_YEARS = 120;

/** Whole years from `birth` to `today` (both yyyy-MM-dd). */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * A date of birth: a real calendar day, not after today on the clinic's calendar, and at most
 * MAX_AGE_YEARS ago (issue 32: a birth date in 2090 was saved as age 0).
 */
const birthDate = isoDay.superRefine((day, ctx) => {
  const d = new Date(`${day}T00:00:00Z`);
  const rule = (t: { zh: string; en: string }) =>
    ctx.addIssue({ code: 'custom', message: t.en, params: ruleParams(t) });
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day) return rule(FORM_RULES.DATE_INVALID);
  const today = clinicDay();
  if (day > today) return rule(FORM_RULES.BIRTH_DATE_FUTURE);
  if (ageOn(day, today) > MAX_AGE_YEARS) rule(FORM_RULES.AGE_OVER_120);
});

/**
 * Chinese resident ID number (18 characters, last may be X) or another document up to 32
 * letters/digits; stored as given, shown masked in lists and exports.
 */
const idNumber = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z]{6,32}$/);

/** Patient fields without defaults: a partial update must leave unnamed fields alone. */
const patientFields = z.object({
  name: text(60).min(1),
  sex: z.enum(['male', 'female']),
  birthDate,
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{5,20}$/),
  idNumber: idNumber.nullable(),
  /** Drives the pregnancy cautions of the prescription checks. */
  pregnant: z.boolean(),
  remark: text(500),
});

export const patientSchema = patientFields.extend({
  idNumber: patientFields.shape.idNumber.optional(),
  pregnant: z.boolean().default(false),
  remark: optText(500),
});
export type PatientInput = z.input<typeof patientSchema>;

/**
 * Pregnancy is recorded for female patients only (issue 32: a male patient was saved pregnant).
 * A partial update is checked here when it names both; the server checks it against the stored sex.
 */
export function checkPregnancy(p: { sex?: 'male' | 'female'; pregnant?: boolean }, ctx: z.RefinementCtx): void {
  if (p.pregnant === true && p.sex === 'male')
    ctx.addIssue({
      code: 'custom',
      path: ['pregnant'],
      message: FORM_RULES.PREGNANT_NOT_FEMALE.en,
      params: ruleParams(FORM_RULES.PREGNANT_NOT_FEMALE),
    });
}

export const caseAddBody = patientSchema.extend({ groupId: uuid.nullable().optional() }).superRefine(checkPregnancy);
export const caseUpdateBody = patientFields.partial().superRefine(checkPregnancy);

/** Fields the combined query of the case list accepts (whitelist, both sides). */
export const ARCHIVE_QUERY_FIELDS = {
  name: 'string',
  phone: 'string',
  sex: 'string',
  birthDate: 'date',
  tcmDisease: 'string',
  tcmSyndrome: 'string',
  visitCount: 'integer',
  createdAt: 'date',
  lastVisitAt: 'date',
} as const;

export const caseListBody = z.object({
  /** `search`: contains-match over name, phone, diagnoses. */
  ...tableSearch,
  groupId: uuid.optional(),
  /** true: the recycle view (deleted in the last 30 days). */
  deleted: z.boolean().default(false),
  order: sortOrder,
});
export type CaseListBody = z.input<typeof caseListBody>;

export const idsBody = z.object({ ids: z.array(uuid).min(1).max(1000) });
export const joinGroupsBody = idsBody.extend({ groupId: uuid.nullable() });
export const groupAddBody = z.object({
  name: text(40).min(1),
  /** Login names of the doctors the group's cases are shared with. */
  shareWith: z.array(text(64).min(1)).max(50).default([]),
});

export const caseGroupSchema = z.object({
  id: uuid,
  name: z.string(),
  ownerId: uuid,
  ownerName: z.string(),
  mine: z.boolean(),
  members: z.array(z.object({ id: uuid, name: z.string(), loginName: z.string() })),
});
export type CaseGroup = z.infer<typeof caseGroupSchema>;

export const caseSummarySchema = z.object({
  id: uuid,
  name: z.string(),
  sex: z.enum(['male', 'female']),
  birthDate: z.string(),
  age: z.number().int(),
  phone: z.string(),
  /** Masked: first 3 and last 4 characters kept. */
  idNumberMasked: z.string().nullable(),
  pregnant: z.boolean(),
  groupId: uuid.nullable(),
  groupName: z.string().nullable(),
  ownerId: uuid,
  ownerName: z.string(),
  mine: z.boolean(),
  visitCount: z.number().int(),
  tcmDisease: z.string(),
  tcmSyndrome: z.string(),
  lastVisitAt: z.string().nullable(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const casePageSchema = tablePageOf(caseSummarySchema);
export type CasePage = z.infer<typeof casePageSchema>;

/** One herb line of a prescription (doses in grams unless `unit` says otherwise). */
export const prescriptionHerbSchema = z.object({
  herbId: z.string().max(40).optional(),
  name: text(40).min(1),
  dose: z.number().positive().max(500),
  unit: z.enum(['g', '枚', '片', '条', '只', 'ml']).default('g'),
  preparation: z.enum(PREPARATIONS).optional(),
});
export type PrescriptionHerb = z.infer<typeof prescriptionHerbSchema>;
export type PrescriptionHerbInput = z.input<typeof prescriptionHerbSchema>;

export const prescriptionSchema = z.object({
  formulaId: z.string().max(40).optional(),
  name: optText(80),
  herbs: z.array(prescriptionHerbSchema).min(1).max(60),
  /** Number of doses (剂). */
  doses: z.number().int().min(1).max(365),
  usage: optText(500),
});
export type Prescription = z.infer<typeof prescriptionSchema>;
export type PrescriptionInput = z.input<typeof prescriptionSchema>;

/**
 * The doctor's written reason for saving a prescription that raises 十八反, 十九畏, 孕妇禁用 or a
 * toxic herb above its range (issue 32). Sent with the visit; the server adds who and when.
 */
export const acknowledgementBody = z.object({ reason: text(500).min(1) });

/** The acknowledgement as stored with the prescription and answered. */
export const acknowledgementSchema = acknowledgementBody.extend({
  byUserId: uuid,
  byName: z.string(),
  /** ISO time of the save that gave (or changed) the reason. */
  at: z.string(),
  /** The warnings the reason was given for, as they read at that time. */
  warnings: z.array(safetyWarningSchema),
});
export type Acknowledgement = z.infer<typeof acknowledgementSchema>;

/** A prescription as a visit is saved: `acknowledgement` when the checks ask for a reason. */
export const prescriptionBodySchema = prescriptionSchema.extend({ acknowledgement: acknowledgementBody.optional() });
export type PrescriptionBodyInput = z.input<typeof prescriptionBodySchema>;

/** A prescription as stored and answered, with who acknowledged its warnings, when and why. */
export const storedPrescriptionSchema = prescriptionSchema.extend({
  acknowledgement: acknowledgementSchema.optional(),
});
export type StoredPrescription = z.infer<typeof storedPrescriptionSchema>;

export const fourDiagnosisSchema = z.object({
  inspection: optText(2000),
  listening: optText(2000),
  inquiry: optText(2000),
  palpation: optText(2000),
});

/** Most platform records one visit links. */
export const VISIT_MAX_RECORDS = 20;

export const visitBody = z.object({
  visitDate: isoDay,
  chiefComplaint: text(500).min(1),
  presentIllness: optText(4000),
  pastHistory: optText(4000),
  fourDiagnosis: fourDiagnosisSchema.default({ inspection: '', listening: '', inquiry: '', palpation: '' }),
  /** Platform records (tongue/face/pulse/voice captures) linked to the visit. */
  recordIds: z.array(uuid).max(VISIT_MAX_RECORDS).default([]),
  tcmDisease: optText(200),
  tcmSyndrome: optText(200),
  western: z.array(text(200).min(1)).max(20).default([]),
  treatmentPrinciple: optText(1000),
  prescription: prescriptionBodySchema.nullable().default(null),
  advice: optText(4000),
  outcome: optText(2000),
});
export type VisitBody = z.input<typeof visitBody>;

/** `linkRecord`: a record the doctor may see (their own capture), added to the visit's links. */
export const visitLinkRecordBody = z.object({ recordId: uuid });
export type VisitLinkRecordBody = z.infer<typeof visitLinkRecordBody>;

export const visitSchema = z.object({
  id: uuid,
  caseId: uuid,
  number: z.number().int(),
  type: z.enum(['first', 'followUp']),
  visitDate: z.string(),
  chiefComplaint: z.string(),
  presentIllness: z.string(),
  pastHistory: z.string(),
  fourDiagnosis: fourDiagnosisSchema,
  recordIds: z.array(uuid),
  tcmDisease: z.string(),
  tcmSyndrome: z.string(),
  western: z.array(z.string()),
  treatmentPrinciple: z.string(),
  prescription: storedPrescriptionSchema.nullable(),
  /** Safety checks of the prescription for this patient, recomputed on every read. */
  warnings: z.array(safetyWarningSchema),
  advice: z.string(),
  outcome: z.string(),
  doctorName: z.string(),
  ...rowTimes,
});
export type Visit = z.infer<typeof visitSchema>;

/** A visit with its linked platform records in full (photos and engine results). */
export const visitDetailSchema = visitSchema.extend({ records: z.array(recordDetailSchema) });
export type VisitDetail = z.infer<typeof visitDetailSchema>;

export const caseDetailSchema = caseSummarySchema.extend({
  /** In full for those who may open the case (lists show it masked). */
  idNumber: z.string().nullable(),
  remark: z.string(),
  visits: z.array(visitDetailSchema),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const pdfQuery = z.object({ lang: reportLanguageSchema.default('zh') });

export const checkPrescriptionBody = z.object({
  herbs: z.array(prescriptionHerbSchema).max(60),
  pregnant: z.boolean().default(false),
});

/** POST herbs/override: the caller's dose range and pregnancy rule for one dictionary herb. */
export const herbOverrideBody = z
  .object({
    name: text(40).min(1),
    doseMin: z.number().positive().max(500),
    doseMax: z.number().positive().max(500),
    /** none: no pregnancy warning for this doctor even where the pharmacopoeia has one. */
    pregnancy: z.enum(['forbidden', 'caution', 'none']),
  })
  .refine((b) => b.doseMin <= b.doseMax, { message: 'doseMin must not exceed doseMax', path: ['doseMin'] });
export const herbNameBody = z.object({ name: text(40).min(1) });

/** POST formulas/add: an own formula from a composed prescription. */
export const formulaAddBody = z.object({
  name: text(80).min(1),
  herbs: z.array(prescriptionHerbSchema).min(1).max(60),
  usage: optText(500),
});
export const formulaIdBody = z.object({ id: uuid });
