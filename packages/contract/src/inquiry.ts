import inquiryErrors from './errors/inquiry.json' with { type: 'json' };
import { z } from 'zod';
import { searchText, tablePageOf, tablePaging, tableSearch } from './paging.js';
import { defineErrors } from './errors.js';
import { sortOrder } from './query.js';
import { constitutionResultSchema, localizedTextSchema, sexSchema } from './constitution.js';
import { prescriptionSchema } from './archive.js';
import { FORM_RULES, ruleParams } from './validation-text.js';

export * from './inquiry-rules.js';

/**
 * Four-diagnosis forms (四诊单) and their templates, and the prescription list across cases
 * (issue 19 item 2, docs/archive.md "Inquiry forms"). The spec shows none of these calls; the
 * paths are designed here, beside the case archive's.
 */
const BASE = '/backend/doctor/archive';
export const INQUIRY_PATHS = {
  templates: `${BASE}/inquiryTemp/list`,
  template: (id: string) => `${BASE}/inquiryTemp/detail/${id}`,
  addTemplate: `${BASE}/inquiryTemp/add`,
  updateTemplate: (id: string) => `${BASE}/inquiryTemp/update/${id}`,
  removeTemplate: `${BASE}/inquiryTemp/remove`,
  forms: `${BASE}/patientInquiry/list`,
  form: (id: string) => `${BASE}/patientInquiry/detail/${id}`,
  /** The doctor fills a form for the case's patient. */
  fill: `${BASE}/patientInquiry/fill`,
  /** A one-time link for the patient (token, expiry, single use). */
  send: `${BASE}/patientInquiry/send`,
  prescriptions: `${BASE}/prescriptions/list`,
  /** Open routes of the patient's link: no account, the token is the credential. */
  open: (token: string) => `/backend/portal/inquiry/${token}`,
  submit: (token: string) => `/backend/portal/inquiry/${token}/submit`,
} as const;

/** The web page a patient opens from a link (phone-sized, no sign-in). */
export const inquiryLinkPage = (token: string) => `/inquiry/${token}`;

/** Id of the built-in nine-constitution questionnaire (read-only, scored by the constitution engine). */
export const CONSTITUTION_TEMPLATE_ID = 'builtin-constitution';

/** Hours a patient link stays valid unless the doctor says otherwise; at most a month. */
export const INQUIRY_LINK_HOURS = { default: 72, max: 720 } as const;

/**
 * Errors of the inquiry forms (errors/inquiry.json). TEMPLATE_FORBIDDEN also answers an id that
 * does not exist, so template ids cannot be probed.
 */
export const INQUIRY_ERRORS = defineErrors(inquiryErrors);

const uuid = z.string().uuid();
const label = localizedTextSchema.extend({ zh: z.string().trim().min(1).max(300), en: z.string().trim().max(300) });
const questionId = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, 'letters, digits, _ or -, starting with a letter');

export const QUESTION_TYPES = ['single', 'multiple', 'scale', 'number', 'text', 'date', 'photo'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const choiceOptionSchema = z.object({
  value: z.string().trim().min(1).max(40),
  label,
  /** Points this option adds to a score that counts its question. */
  score: z.number().finite().min(-1000).max(1000).default(0),
});

/** Shown only when the named earlier question has one of these answers (a choice value or a number). */
export const showIfSchema = z.object({
  question: questionId,
  anyOf: z
    .array(z.union([z.string().max(40), z.number().finite()]))
    .min(1)
    .max(20),
});
export type ShowIf = z.infer<typeof showIfSchema>;

export const questionSchema = z.object({
  id: questionId,
  type: z.enum(QUESTION_TYPES),
  label,
  help: label.partial().optional(),
  required: z.boolean().default(false),
  /** Asked only of patients of this sex (the constitution questionnaire's F6f/F6m). */
  sex: sexSchema.optional(),
  showIf: showIfSchema.optional(),
  options: z.array(choiceOptionSchema).max(50).optional(),
  /** scale: integers min..max; labels, when given, name every point in order. */
  scale: z
    .object({
      min: z.number().int().min(-10).max(10),
      max: z.number().int().min(-10).max(20),
      labels: z.array(label).max(31).optional(),
    })
    .optional(),
  /** number: the unit printed after the box, and the range accepted. */
  number: z
    .object({
      unit: z.string().trim().max(20).default(''),
      min: z.number().finite().optional(),
      max: z.number().finite().optional(),
      decimals: z.number().int().min(0).max(4).default(0),
    })
    .optional(),
  /** photo: which capture it is (tongue or face), stored as an uploaded file's uuid. */
  photo: z.enum(['tongue', 'face']).optional(),
});
export type Question = z.infer<typeof questionSchema>;
export type QuestionInput = z.input<typeof questionSchema>;

export const sectionSchema = z.object({
  id: questionId,
  title: label,
  questions: z.array(questionSchema).min(1).max(200),
});
export type Section = z.infer<typeof sectionSchema>;

/** A points score: the sum of weighted question points, read against bands (highest `from` reached). */
export const pointsScoreSchema = z.object({
  id: questionId,
  label,
  items: z.array(z.object({ question: questionId, weight: z.number().finite().min(-100).max(100).default(1) })).min(1),
  bands: z
    .array(z.object({ from: z.number().finite(), label }))
    .max(20)
    .default([]),
});
export type PointsScore = z.infer<typeof pointsScoreSchema>;
export type PointsScoreInput = z.input<typeof pointsScoreSchema>;

export const scoringSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('points'), scores: z.array(pointsScoreSchema).min(1).max(20) }),
  /** Only the built-in questionnaire: answers go to the constitution engine (ZYYXH/T157-2009). */
  z.object({ kind: z.literal('constitution') }),
]);

/** A template's definition, checked as a whole (ids, conditions, options, scoring) by `definitionProblems`. */
export const templateDefinitionSchema = z.object({
  sections: z.array(sectionSchema).min(1).max(30),
  scoring: scoringSchema.default({ kind: 'none' }),
});
export type TemplateDefinition = z.infer<typeof templateDefinitionSchema>;
export type TemplateDefinitionInput = z.input<typeof templateDefinitionSchema>;

export const templateBody = z.object({
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(1000).default(''),
  definition: templateDefinitionSchema,
});
export type TemplateBody = z.input<typeof templateBody>;

export const templateIdSchema = z.union([uuid, z.literal(CONSTITUTION_TEMPLATE_ID)]);
export const templateIdBody = z.object({ id: uuid });

export const templateSummarySchema = z.object({
  id: templateIdSchema,
  name: z.string(),
  description: z.string(),
  builtin: z.boolean(),
  questionCount: z.number().int(),
  scoring: z.enum(['none', 'points', 'constitution']),
  updatedAt: z.string().nullable(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;
export const templateSchema = templateSummarySchema.extend({ definition: templateDefinitionSchema });
export type Template = z.infer<typeof templateSchema>;

/** Answers by question id: a choice value, several values, a number, a text, a date (yyyy-MM-dd) or a file uuid. */
export const answerValueSchema = z.union([
  z.string().max(4000),
  z.number().finite(),
  z.array(z.string().max(40)).max(50),
]);
export const answersSchema = z.record(z.string().max(40), answerValueSchema.nullable());
export type AnswerValue = z.infer<typeof answerValueSchema>;
export type Answers = Record<string, AnswerValue | null>;

export const pointsResultSchema = z.object({
  id: z.string(),
  label: localizedTextSchema,
  total: z.number(),
  band: localizedTextSchema.nullable(),
});
export type PointsResult = z.infer<typeof pointsResultSchema>;

export const formScoreSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('points'), scores: z.array(pointsResultSchema) }),
  z.object({ kind: z.literal('constitution'), result: constitutionResultSchema }),
]);
export type FormScore = z.infer<typeof formScoreSchema>;

const target = z.object({
  templateId: templateIdSchema,
  caseId: uuid,
  /** The visit whose inquiry the answers belong to; none: the case's latest visit at the time. */
  visitId: uuid.optional(),
});
/** Whether an answer says something: not null, not blank text, not an empty choice list. */
const answered = (v: AnswerValue | null) =>
  v !== null && (typeof v === 'number' || (Array.isArray(v) ? v.length > 0 : v.trim() !== ''));

/**
 * Answers a form is filled or submitted with: at least one question answered (issue 32: an
 * empty form was saved as submitted). Which questions are required is checked against the
 * template by the server.
 */
export const filledAnswersSchema = answersSchema.superRefine((answers, ctx) => {
  if (!Object.values(answers).some(answered))
    ctx.addIssue({ code: 'custom', message: FORM_RULES.FORM_EMPTY.en, params: ruleParams(FORM_RULES.FORM_EMPTY) });
});

export const fillBody = target.extend({ answers: filledAnswersSchema });
export const sendBody = target.extend({
  hours: z.number().int().min(1).max(INQUIRY_LINK_HOURS.max).default(INQUIRY_LINK_HOURS.default),
});
/** `language`: the portal language field every /portal/ call carries (zh-cn, en; spec §7). */
export const submitBody = z.object({ answers: filledAnswersSchema, language: z.string().max(20).optional() });

export const FORM_STATUSES = ['pending', 'submitted', 'expired'] as const;

export const formSummarySchema = z.object({
  id: uuid,
  caseId: uuid,
  patientName: z.string(),
  visitId: uuid.nullable(),
  visitNumber: z.number().int().nullable(),
  templateId: z.string().nullable(),
  templateName: z.string(),
  mode: z.enum(['doctor', 'link']),
  status: z.enum(FORM_STATUSES),
  expiresAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** One line per score (points totals and bands, or the constitution summary), in both languages. */
  scoreText: localizedTextSchema.nullable(),
  doctorName: z.string(),
  createdAt: z.string(),
});
export type FormSummary = z.infer<typeof formSummarySchema>;

export const formDetailSchema = formSummarySchema.extend({
  sex: sexSchema,
  definition: templateDefinitionSchema,
  answers: answersSchema.nullable(),
  score: formScoreSchema.nullable(),
  /** Photo answer uuid → a short-lived signed URL of it (docs/security.md §12). */
  fileUrls: z.record(z.string(), z.string()).optional(),
});
export type FormDetail = z.infer<typeof formDetailSchema>;

/** The answer to `send`: the token is shown once (only its hash is kept). */
export const sentLinkSchema = z.object({
  form: formSummarySchema,
  token: z.string(),
  /** Path of the patient's page on this site (the client prefixes its origin). */
  path: z.string(),
});

export const formListBody = z.object({
  ...tablePaging,
  caseId: uuid.optional(),
  status: z.enum(FORM_STATUSES).optional(),
  /** Contains-match over the patient's name and the template's name. */
  search: searchText,
  order: sortOrder,
});
export type FormListBody = z.input<typeof formListBody>;
export const formPageSchema = tablePageOf(formSummarySchema);

/** What the patient's phone gets: the questions, not the case (first character of the name only). */
export const openFormSchema = z.object({
  templateName: z.string(),
  patientInitial: z.string(),
  doctorName: z.string(),
  sex: sexSchema,
  expiresAt: z.string(),
  definition: templateDefinitionSchema,
});
export type OpenForm = z.infer<typeof openFormSchema>;

/** Fields the combined query of the prescription list accepts (the formula name is in `search`). */
export const PRESCRIPTION_QUERY_FIELDS = {
  patientName: 'string',
  tcmSyndrome: 'string',
  tcmDisease: 'string',
  visitDate: 'date',
} as const;

export const prescriptionListBody = z.object({
  /** `search`: contains-match over patient name, formula name, syndrome and herb names. */
  ...tableSearch,
  order: sortOrder,
});
export type PrescriptionListBody = z.input<typeof prescriptionListBody>;

export const prescriptionRowSchema = z.object({
  visitId: uuid,
  caseId: uuid,
  patientName: z.string(),
  visitNumber: z.number().int(),
  visitDate: z.string(),
  tcmDisease: z.string(),
  tcmSyndrome: z.string(),
  prescription: prescriptionSchema,
  doctorName: z.string(),
});
export type PrescriptionRow = z.infer<typeof prescriptionRowSchema>;
export const prescriptionPageSchema = tablePageOf(prescriptionRowSchema);
