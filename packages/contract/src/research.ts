import researchErrors from './errors/research.json' with { type: 'json' };
import { z } from 'zod';
import { rowTimes } from './row-times.js';
import { pageOf, searchText, tablePaging } from './paging.js';
import { defineErrors } from './errors.js';
import { combinedQuery } from './query.js';
import { researchResultSchema } from './research-results.js';
import { recordEngineSchema } from './results.js';

/**
 * The doctor's research area (issue 20; docs/research.md "Server"): data pools with a variable
 * dictionary, their samples, imports (platform records, case-archive visits, CSV / Excel) and
 * analysis jobs run off the request thread. The spec shows none of these calls; the paths are
 * designed here. A pool belongs to one doctor: every call on another doctor's pool is 403.
 */
const BASE = '/backend/doctor/research';
export const RESEARCH_PATHS = {
  /** Pools, recent jobs and case counts of `/doctor/home`. */
  home: `${BASE}/home`,
  pools: `${BASE}/pool/list`,
  addPool: `${BASE}/pool/add`,
  pool: (id: string) => `${BASE}/pool/detail/${id}`,
  updatePool: (id: string) => `${BASE}/pool/update/${id}`,
  removePools: `${BASE}/pool/delete`,
  samples: (poolId: string) => `${BASE}/pool/${poolId}/samples`,
  updateSample: (poolId: string, sampleId: string) => `${BASE}/pool/${poolId}/samples/update/${sampleId}`,
  removeSamples: (poolId: string) => `${BASE}/pool/${poolId}/samples/delete`,
  /** dataPoolItem-system: the doctor's own platform records and case-archive visits. */
  importSystem: (poolId: string) => `${BASE}/pool/${poolId}/import/system`,
  /** Multipart `file` (CSV or .xlsx): its header row and first rows, for the column mapping. */
  importPreview: (poolId: string) => `${BASE}/pool/${poolId}/import/preview`,
  /** Multipart `file` + field `mapping` (JSON of `importMapping`). */
  importFile: (poolId: string) => `${BASE}/pool/${poolId}/import/file`,
  startJob: (poolId: string) => `${BASE}/pool/${poolId}/jobs/start`,
  jobs: `${BASE}/job/list`,
  job: (id: string) => `${BASE}/job/detail/${id}`,
  /** Predict samples given as records with a trained classification job's model. */
  predict: (jobId: string) => `${BASE}/job/${jobId}/predict`,
  /** Multipart `file` (CSV or .xlsx, header row = variable keys). */
  predictFile: (jobId: string) => `${BASE}/job/${jobId}/predict/file`,
  /** A table of a research screen as an Excel workbook (CSV is written by the browser). */
  exportXlsx: `${BASE}/export/xlsx`,
} as const;

/** Button codes of the pool and sample toolbars (spec §6), enforced by the server too. */
export const RESEARCH_BUTTONS = {
  addPool: 'dataPool-add',
  editPool: 'dataPool-edit',
  deletePools: 'dataPool-batch-delete',
  importItems: 'dataPoolItem-import',
  editItem: 'dataPoolItem-edit',
  deleteItems: 'dataPoolItem-batch-delete',
  systemItems: 'dataPoolItem-system',
} as const;

/**
 * Errors of the research area (errors/research.json). POOL_FORBIDDEN also answers ids that do not
 * exist, so another doctor's pool ids cannot be probed; RESULT_UNREADABLE: a stored result this
 * version no longer reads, shown as the job's failure, never a 500.
 */
export const RESEARCH_ERRORS = defineErrors(researchErrors);

const uuid = z.string().uuid();
export const RESEARCH_VARIABLE_TYPES = ['binary', 'categorical', 'numeric'] as const;
export const RESEARCH_VARIABLE_KINDS = [
  'finding',
  'syndrome',
  'herb',
  'vital',
  'constitution',
  'demographic',
  'other',
] as const;

const bilingual = z.object({ zh: z.string().trim().min(1).max(100), en: z.string().trim().min(1).max(100) });
export type ResearchWords = z.infer<typeof bilingual>;

/** A variable key: letters, digits and `._-` (system variables are `tongue.bodyColor`, `pulse.class.slow`…). */
export const variableKey = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'a letter, then up to 63 letters, digits, ".", "_" or "-"');

/**
 * One entry of a pool's variable dictionary. `label` and `levelWords` carry the words people read
 * in zh and en (system variables take them from the contract's vocabulary, so no raw id shows).
 */
export const poolVariableSchema = z.object({
  key: variableKey,
  type: z.enum(RESEARCH_VARIABLE_TYPES),
  kind: z.enum(RESEARCH_VARIABLE_KINDS),
  label: bilingual,
  /** Categorical variables: the levels in display order. */
  levels: z.array(z.string().trim().min(1).max(100)).max(200).optional(),
  levelWords: z.record(z.string(), bilingual).optional(),
});
export type PoolVariable = z.infer<typeof poolVariableSchema>;

const variables = z
  .array(poolVariableSchema)
  .max(500)
  .refine((vs) => new Set(vs.map((v) => v.key)).size === vs.length, 'variable keys must be unique');

export const poolAddBody = z.object({
  name: z.string().trim().min(1).max(60),
  remark: z.string().trim().max(500).optional().default(''),
  variables: variables.optional().default([]),
});
export const poolUpdateBody = poolAddBody.partial();
export type PoolAddBody = z.input<typeof poolAddBody>;

export const poolSchema = z.object({
  id: z.string(),
  name: z.string(),
  remark: z.string(),
  variables: z.array(poolVariableSchema),
  sampleCount: z.number().int(),
  ...rowTimes,
});
export type Pool = z.infer<typeof poolSchema>;

export const poolListBody = z.object({
  ...tablePaging,
  search: searchText,
});
export const poolPageSchema = pageOf(poolSchema);

export const researchIdsBody = z.object({ ids: z.array(uuid).min(1).max(1000) });

/** A sample's value of one variable: 0/1 or true/false, a level, a number; null is missing. */
export const sampleValue = z.union([z.boolean(), z.number().finite(), z.string().max(200), z.null()]);
export type SampleValue = z.infer<typeof sampleValue>;
export const sampleValues = z.record(variableKey, sampleValue);

export const SAMPLE_SOURCES = ['record', 'visit', 'file', 'manual'] as const;
export const sampleSchema = z.object({
  id: z.string(),
  source: z.enum(SAMPLE_SOURCES),
  sourceId: z.string().nullable(),
  values: z.record(z.string(), sampleValue),
  createdAt: z.string(),
});
export type Sample = z.infer<typeof sampleSchema>;

export const sampleListBody = z.object({
  ...tablePaging,
  /** Conditions on variable keys (string, number types) and `source`. */
  query: combinedQuery.optional(),
});
export const samplePageSchema = pageOf(sampleSchema);
export const sampleUpdateBody = z.object({ values: sampleValues });

export const importSystemBody = z.object({
  sources: z
    .array(z.enum(['records', 'visits']))
    .min(1)
    .default(['records', 'visits']),
});
export const importResultSchema = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  /**
   * Of the platform records imported, how many lack a part because it failed (partial records,
   * issue 32): such a sample holds what exists and leaves the part's variables empty. The
   * system import only (a file's rows have no parts).
   */
  missing: z
    .object({
      records: z.number().int(),
      parts: z.array(z.object({ engine: recordEngineSchema, count: z.number().int() })),
    })
    .optional(),
  pool: poolSchema,
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** One file column → one variable; a key not in the dictionary is added with `type`, `kind`, `label`. */
export const importMappingEntry = z.object({
  column: z.string().min(1).max(200),
  key: variableKey,
  type: z.enum(RESEARCH_VARIABLE_TYPES).optional(),
  kind: z.enum(RESEARCH_VARIABLE_KINDS).optional(),
  label: bilingual.optional(),
});
export const importMapping = z.array(importMappingEntry).min(1).max(500);
export type ImportMapping = z.infer<typeof importMapping>;

/** One error of an import: `row` is the file's row number (the header is row 1). */
export const importErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  value: z.string(),
  zh: z.string(),
  en: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importPreviewSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  total: z.number().int(),
});

export const RESEARCH_JOB_KINDS = ['frequency', 'association', 'clustering', 'classification'] as const;
export type ResearchJobKind = (typeof RESEARCH_JOB_KINDS)[number];
export const CLASSIFIER_KINDS = ['random-forest', 'logistic-regression', 'naive-bayes'] as const;

const keys = z.array(variableKey).max(500);
export const jobParamsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('frequency'), variables: keys.optional() }),
  z.object({
    kind: z.literal('association'),
    findings: keys.optional(),
    syndromes: keys.optional(),
    alpha: z.number().gt(0).lt(1).optional(),
  }),
  z.object({
    kind: z.literal('clustering'),
    variables: keys.min(1),
    k: z.number().int().min(2).max(20),
    /** k-means++ seedings, the lowest inertia kept; default 10 (`KMEANS_RESTARTS_DEFAULT`). */
    restarts: z.number().int().min(1).max(100).optional(),
    seed: z.number().int().optional(),
  }),
  z.object({
    kind: z.literal('classification'),
    classifier: z.enum(CLASSIFIER_KINDS).default('random-forest'),
    target: variableKey,
    features: keys.min(1),
    folds: z.number().int().min(2).max(10).default(5),
    trees: z.number().int().min(1).max(300).default(100),
    seed: z.number().int().optional(),
  }),
]);
export type JobParams = z.infer<typeof jobParamsSchema>;
export type JobParamsInput = z.input<typeof jobParamsSchema>;

/** `warning`: finished, but degenerate (the result's `warnings` say why; docs/research.md). */
export const JOB_STATUSES = ['queued', 'running', 'done', 'warning', 'failed'] as const;
export type ResearchJobStatus = (typeof JOB_STATUSES)[number];
export const KMEANS_RESTARTS_DEFAULT = 10;
export const researchJobSchema = z.object({
  id: z.string(),
  poolId: z.string(),
  poolName: z.string(),
  kind: z.enum(RESEARCH_JOB_KINDS),
  params: z.record(z.string(), z.unknown()),
  status: z.enum(JOB_STATUSES),
  /** 0..1. */
  progress: z.number(),
  phase: z.string().nullable(),
  /** Why it failed, in both languages (the reader's is shown). */
  failure: z.object({ code: z.number().int(), zh: z.string(), en: z.string() }).nullable(),
  /** The analysis result, a union by kind (research-results.ts); null until done or warning. */
  result: researchResultSchema.nullable(),
  /** The pool's dictionary when the job was started (predict forms, labels). */
  variables: z.array(poolVariableSchema),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ResearchJob = z.infer<typeof researchJobSchema>;
/** A job without its result (lists). */
export const researchJobSummarySchema = researchJobSchema.omit({ result: true, variables: true });
export type ResearchJobSummary = z.infer<typeof researchJobSummarySchema>;

export const jobListBody = z.object({
  poolId: uuid.optional(),
  kind: z.enum(RESEARCH_JOB_KINDS).optional(),
  limit: z.number().int().min(1).max(100).default(20),
});

export const predictBody = z.object({ records: z.array(sampleValues).min(1).max(1000) });
export const predictionSchema = z.object({ label: z.string(), probabilities: z.record(z.string(), z.number()) });
export const predictResultSchema = z.object({ target: z.string(), predictions: z.array(predictionSchema) });

export const researchHomeSchema = z.object({
  pools: z.array(poolSchema.omit({ variables: true })),
  jobs: z.array(researchJobSummarySchema),
  counts: z.object({ records: z.number().int(), cases: z.number().int(), visits: z.number().int() }),
});

/** A screen's table for the Excel export: the header row and the cells as shown. */
export const tableExportBody = z.object({
  name: z.string().trim().min(1).max(60),
  columns: z.array(z.string().max(200)).min(1).max(500),
  rows: z.array(z.array(z.union([z.string().max(2000), z.number().finite(), z.null()])).max(500)).max(100_000),
});
export type TableExportBody = z.infer<typeof tableExportBody>;
