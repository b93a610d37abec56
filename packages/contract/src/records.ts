import recordsErrors from './errors/records.json' with { type: 'json' };
import { z } from 'zod';
import { rowTimes } from './row-times.js';
import { tableSearch } from './paging.js';
import { defineErrors } from './errors.js';
import { sexSchema } from './constitution.js';
import { storedVitalsSchema, vitalsSchema } from './vitals.js';
import { reportLanguageSchema } from './report.js';
import { storedFileSchema } from './files.js';
import { failureSchema, missingPartSchema, recordEngineSchema, recordResultsSchema } from './results.js';
import { sortOrder } from './query.js';

/**
 * Records: one capture (tongue/face photo, pulse file, voice, questionnaire,
 * vitals) → queued analysis → per-engine results → synthesis → PDF report.
 * Every endpoint, its auth and its errors are described in docs/records.md. Range 40010xx.
 */
export const RECORD_ERRORS = defineErrors(recordsErrors);

/** Who made the capture. */
export const recordSourceSchema = z.enum(['visitor', 'member', 'team', 'device', 'doctor']);
export type RecordSource = z.infer<typeof recordSourceSchema>;

/**
 * queued → running → done | partial | failed; failed → (retry) → queued; done | partial | failed →
 * (redo of one part) → queued. `partial`: finished, but a part the record asked for (a capture's
 * engine, the questionnaire) failed; the failed parts and their reasons are the `failed` outcomes
 * in `results` (docs/records.md "Partial records"), never dropped in silence.
 */
export const RECORD_STATUSES = ['queued', 'running', 'done', 'partial', 'failed'] as const;
export const recordStatusSchema = z.enum(RECORD_STATUSES);
export type RecordStatus = z.infer<typeof recordStatusSchema>;

/** The statuses of a finished record whose results can be read (report, history, display, research). */
export const RESULT_STATUSES = ['done', 'partial'] as const satisfies readonly RecordStatus[];
export const hasResults = (s: RecordStatus): s is (typeof RESULT_STATUSES)[number] => s === 'done' || s === 'partial';
/** Finished: no analysis runs or waits (done, partial or failed). */
export const isFinishedStatus = (s: RecordStatus): boolean => hasResults(s) || s === 'failed';

/** Detection variant of the public pages: /tongueAnalyze, /ertongshezhen (child), /xinguanshezhen (COVID). */
export const detectionKindSchema = z.enum(['normal', 'child', 'covid']);
export type DetectionKind = z.infer<typeof detectionKindSchema>;

/** The file slots of a capture. */
export const CAPTURE_SLOTS = ['tongue', 'face', 'pulse', 'voice'] as const;
export const captureSlotSchema = z.enum(CAPTURE_SLOTS);
export type CaptureSlot = z.infer<typeof captureSlotSchema>;

/** The person examined. Members default to themselves; team/device/doctor captures name the person. */
export const recordPersonSchema = z.object({
  name: z.string().trim().max(200).optional(),
  sex: sexSchema.optional(),
  /** Age in years. */
  age: z.number().int().min(0).max(150).optional(),
  phone: z.string().trim().max(40).optional(),
});
export type RecordPerson = z.infer<typeof recordPersonSchema>;

/** Questionnaire answers (item id → 1..5), scored by the constitution engine (needs the person's sex). */
export const inquiryAnswersSchema = z.object({ answers: z.record(z.string(), z.number()) });

/** Progress of the analysis: steps are the engines this record runs. */
export const recordProgressSchema = z.object({
  status: recordStatusSchema,
  /** Engine now running, when running. */
  step: recordEngineSchema.nullable(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  attempts: z.number().int().nonnegative(),
  failure: failureSchema.nullable(),
});
export type RecordProgress = z.infer<typeof recordProgressSchema>;

/** One row of a record list. */
export const recordSummarySchema = z.object({
  id: z.string().uuid(),
  source: recordSourceSchema,
  kind: detectionKindSchema,
  status: recordStatusSchema,
  person: recordPersonSchema,
  teamId: z.string().uuid().nullable(),
  ownerId: z.string().uuid().nullable(),
  ownerName: z.string().nullable(),
  deviceId: z.string().uuid().nullable(),
  deviceName: z.string().nullable(),
  /** Which captures the record holds. */
  captures: z.array(captureSlotSchema),
  /**
   * Short conclusion once done: top syndrome pattern / constitution, in the reader's language
   * (stored as an id, worded when read: conclusion.ts).
   */
  conclusion: z.string().nullable(),
  failure: failureSchema.nullable(),
  /**
   * A partial record's failed parts (issue 32): engine and failure code, so a list says which
   * part is missing and why (worded from the code) without reading the results.
   */
  missing: z.array(missingPartSchema),
  attempts: z.number().int().nonnegative(),
  lang: reportLanguageSchema,
  ...rowTimes,
  finishedAt: z.string().nullable(),
});
export type RecordSummary = z.infer<typeof recordSummarySchema>;

/**
 * The pulse waveform the report draws (first 8 s of the file's first channel, ≤ 2000 points;
 * @tcm/analysis/pulse `pulseWaveform`), so the result page draws the same wave as the PDF (issue 17).
 */
export const pulseWaveSchema = z.object({
  /** Points per second after thinning. */
  rateHz: z.number().positive(),
  samples: z.array(z.number()),
});
export type PulseWave = z.infer<typeof pulseWaveSchema>;

/** A record in full: captures with file URLs, inputs, per-engine results, progress. */
export const recordDetailSchema = recordSummarySchema.extend({
  files: z.partialRecord(captureSlotSchema, storedFileSchema),
  vitals: storedVitalsSchema.nullable(),
  inquiry: inquiryAnswersSchema.nullable(),
  results: recordResultsSchema,
  progress: recordProgressSchema,
  /** Unguessable token of the open report routes /checked/pdf?token=…; only shown to those who may see the record. */
  shareToken: z.string(),
  /** Tongue mask outline picture (PNG, transparent) when the tongue engine made one. */
  tongueMaskUrl: z.string().nullable(),
  /** The pulse waveform of a done pulse capture, as the PDF draws it; absent otherwise. */
  pulseWave: pulseWaveSchema.optional(),
});
export type RecordDetail = z.infer<typeof recordDetailSchema>;

/** POST create (signed-in): files uploaded first (uuid upload), then referenced here. */
export const recordCreateBodySchema = z.object({
  files: z.partialRecord(captureSlotSchema, z.string().uuid()).default({}),
  person: recordPersonSchema.default({}),
  vitals: vitalsSchema.optional(),
  inquiry: inquiryAnswersSchema.optional(),
  kind: detectionKindSchema.default('normal'),
  lang: reportLanguageSchema.default('zh'),
  /** Leaders capturing for someone else say `team`; default is the caller's own (member) record. */
  source: z.enum(['member', 'team']).optional(),
});
export type RecordCreateBody = z.input<typeof recordCreateBodySchema>;

/** Answer of every create/upload/retry: follow it by polling or SSE. */
export const recordCreatedSchema = z.object({
  recordId: z.string().uuid(),
  shareToken: z.string(),
  status: recordStatusSchema,
});
export type RecordCreated = z.infer<typeof recordCreatedSchema>;

/** Visitor capture (multipart): `file` plus these fields. */
export const visitorCreateFieldsSchema = z.object({
  kind: detectionKindSchema.default('normal'),
  lang: reportLanguageSchema.optional(),
});

/** The member-area lists of spec §2: team, device and member tongue-diagnosis records. */
export const recordScopeSchema = z.enum(['teamRecord', 'deviceRecord', 'memberRecord']);
export type RecordScope = z.infer<typeof recordScopeSchema>;

/** Fields the combined query and sorting accept (whitelist, docs/records.md). */
export const RECORD_QUERY_FIELDS = {
  personName: 'string',
  personPhone: 'string',
  personSex: 'string',
  personAge: 'integer',
  status: 'string',
  source: 'string',
  kind: 'string',
  ownerName: 'string',
  deviceName: 'string',
  conclusion: 'string',
  createdAt: 'date',
} as const;
export type RecordQueryField = keyof typeof RECORD_QUERY_FIELDS;

/** POST list: paging (sizes 100/200/500/1000), search box, combined query, sorting. */
export const recordListBodySchema = z.object({
  scope: recordScopeSchema,
  /** `search` (the search box): contains-match over person name, phone, owner and device names, conclusion. */
  ...tableSearch,
  status: recordStatusSchema.optional(),
  sortBy: z.enum(['createdAt', 'personName', 'status']).default('createdAt'),
  order: sortOrder,
});
export type RecordListBody = z.input<typeof recordListBodySchema>;

export const recordPageSchema = z.object({
  list: z.array(recordSummarySchema),
  /** Matching records, counted up to 10,000 past the page's first row (see `totalCapped`). */
  total: z.number().int().nonnegative(),
  /** More records match than `total`: the count stopped there (the pager shows "10,000+"). */
  totalCapped: z.boolean(),
  page: z.number().int(),
  size: z.number().int(),
});
export type RecordPage = z.infer<typeof recordPageSchema>;

/** Report download query. */
export const reportQuerySchema = z.object({ lang: reportLanguageSchema.optional() });

/** Person history: earlier records of the same person, newest first, and vitals trends. */
export const personHistorySchema = z.object({
  records: z.array(recordSummarySchema),
  /** One point per done record with vitals, oldest first. */
  vitals: z.array(z.object({ recordId: z.string().uuid(), date: z.string(), vitals: storedVitalsSchema })),
  /** Constitution / top pattern per done record, oldest first. */
  conclusions: z.array(z.object({ recordId: z.string().uuid(), date: z.string(), conclusion: z.string() })),
});
export type PersonHistory = z.infer<typeof personHistorySchema>;

/** Server-sent event names of GET …/events: `progress` (RecordProgress) repeated, then `end`. */
export const RECORD_EVENTS = { progress: 'progress', end: 'end' } as const;
