import { z } from 'zod';
import { keyedFields } from './keyed-fields.js';

/**
 * The research jobs' results (issue 32 item 4): one zod union discriminated by the job's kind.
 * `@tcm/research` infers its output types from these schemas, the server parses a stored result
 * once when it reads a job, and the screens narrow on `kind`: nothing is `unknown` or re-cast on
 * the way (as the record's results, docs/spine.md).
 */

const pair = z.tuple([z.number(), z.number()]);

/**
 * Why a result is degenerate: the job ends `warning`, not `done`, and the screen and its exports
 * say why. The reader's text is made from `code` and the parameters (variable keys are shown as
 * their labels); `zh` / `en` are the package's own wording (the command line prints them).
 */
export const RESEARCH_WARNING_CODES = ['no_data', 'empty_clusters', 'few_samples', 'small_class'] as const;
export type ResearchWarningCode = (typeof RESEARCH_WARNING_CODES)[number];
export const researchWarningSchema = z.object({
  code: z.enum(RESEARCH_WARNING_CODES),
  /** The variables concerned (no_data), or the classes (small_class). */
  items: z.array(z.string()),
  /** no_data / empty_clusters: how many; few_samples: samples; small_class: the smallest class's size. */
  count: z.number(),
  /** The limit broken: few_samples 10 per variable (so 10 × variables), small_class 5; else 0. */
  limit: z.number(),
  zh: z.string(),
  en: z.string(),
});
export type ResearchWarning = z.infer<typeof researchWarningSchema>;
/** Results stored before warnings existed read as having none. */
const warnings = z.array(researchWarningSchema).default([]);

// ---- frequency
export const frequencyRowSchema = z.object({
  level: z.string(),
  count: z.number(),
  proportion: z.number(),
  percent: z.number(),
  ci95: pair,
});
export const frequencyTableSchema = z.object({
  variable: z.string(),
  type: z.enum(['binary', 'categorical']),
  known: z.number(),
  missing: z.number(),
  rows: z.array(frequencyRowSchema),
});
/** What a numeric variable's summary states, each null when no value is known. */
export const NUMERIC_STATISTICS = ['mean', 'sd', 'min', 'q1', 'median', 'q3', 'max'] as const;
export const numericSummarySchema = z.object({
  variable: z.string(),
  type: z.literal('numeric'),
  known: z.number(),
  missing: z.number(),
  ...keyedFields(NUMERIC_STATISTICS, z.number().nullable()),
});
export const frequencyResultSchema = z.object({
  kind: z.literal('frequency'),
  samples: z.number(),
  tables: z.array(z.union([frequencyTableSchema, numericSummarySchema])),
  warnings,
});

// ---- association
export const associationItemSchema = z.object({
  variable: z.string(),
  level: z.string().nullable(),
  count: z.number(),
});
export const twoByTwoSchema = z.object({ a: z.number(), b: z.number(), c: z.number(), d: z.number() });
export const oddsRatioSchema = z.object({ value: z.number(), ci95: pair, haldane: z.boolean() });
export const associationRowSchema = z.object({
  finding: associationItemSchema,
  syndrome: associationItemSchema,
  table: twoByTwoSchema,
  n: z.number(),
  expectedMin: z.number(),
  chiSquare: z.number().nullable(),
  chiSquareP: z.number().nullable(),
  fisherP: z.number().nullable(),
  test: z.enum(['fisher', 'chi-square-yates']).nullable(),
  p: z.number().nullable(),
  q: z.number().nullable(),
  significant: z.boolean(),
  oddsRatio: oddsRatioSchema.nullable(),
  support: z.number(),
  confidence: z.number().nullable(),
  lift: z.number().nullable(),
});
/** What `associate` returns. */
export const associationSchema = z.object({
  samples: z.number(),
  alpha: z.number(),
  findings: z.array(associationItemSchema),
  syndromes: z.array(associationItemSchema),
  rows: z.array(associationRowSchema),
});
export const associationResultSchema = associationSchema.extend({ kind: z.literal('association'), warnings });

// ---- clustering
export const clusterProfilesSchema = z.object({
  columns: z.array(z.string()),
  overall: z.array(z.number()),
  clusters: z.array(z.object({ cluster: z.number(), size: z.number(), means: z.array(z.number()) })),
});
export const clusteringResultSchema = z.object({
  kind: z.literal('clustering'),
  samples: z.number(),
  k: z.number(),
  /** k-means++ seedings run; results stored before restarts existed ran one. */
  restarts: z.number().default(1),
  sizes: z.array(z.number()),
  inertia: z.number(),
  iterations: z.number(),
  silhouette: z.object({
    mean: z.number(),
    perCluster: z.array(z.object({ cluster: z.number(), size: z.number(), mean: z.number() })),
    sampled: z.boolean(),
  }),
  pca: z.object({ explainedRatio: z.array(z.number()) }),
  /** PC1, PC2, cluster of at most 3,000 samples (every n-th). */
  points: z.array(z.tuple([z.number(), z.number(), z.number()])),
  profiles: clusterProfilesSchema,
  warnings,
});

// ---- classification
export const classMetricsSchema = z.object({
  label: z.string(),
  precision: z.number(),
  recall: z.number(),
  f1: z.number(),
  support: z.number(),
});
export const classificationMetricsSchema = z.object({
  samples: z.number(),
  accuracy: z.number(),
  macroF1: z.number(),
  perClass: z.array(classMetricsSchema),
  confusion: z.object({ labels: z.array(z.string()), matrix: z.array(z.array(z.number())) }),
});
export const classificationEvaluationSchema = classificationMetricsSchema.extend({
  folds: z.number(),
  perFold: z.array(z.object({ fold: z.number(), accuracy: z.number(), macroF1: z.number() })),
  /** Always guessing the most frequent class: the accuracy any model must beat. */
  baseline: z.object({ label: z.string(), accuracy: z.number() }),
  /** Wilson 95 % interval of the out-of-fold accuracy (correct of `samples`). */
  accuracyCi95: pair,
});
export const variableImportanceSchema = z.object({ variable: z.string(), importance: z.number(), sd: z.number() });
export const classificationResultSchema = z.object({
  kind: z.literal('classification'),
  classifier: z.enum(['random-forest', 'logistic-regression', 'naive-bayes']),
  target: z.string(),
  features: z.array(z.string()),
  classes: z.array(z.string()),
  trainedSamples: z.number(),
  evaluation: classificationEvaluationSchema,
  importance: z.array(variableImportanceSchema),
  skipped: z.number(),
  warnings,
});

export const researchResultSchema = z.discriminatedUnion('kind', [
  frequencyResultSchema,
  associationResultSchema,
  clusteringResultSchema,
  classificationResultSchema,
]);
export type ResearchResult = z.infer<typeof researchResultSchema>;
export type FrequencyJobResult = z.infer<typeof frequencyResultSchema>;
export type AssociationJobResult = z.infer<typeof associationResultSchema>;
export type ClusteringJobResult = z.infer<typeof clusteringResultSchema>;
export type ClassificationJobResult = z.infer<typeof classificationResultSchema>;
/** A result of one kind, for a screen that shows that kind. */
export type ResearchResultOf<K extends ResearchResult['kind']> = Extract<ResearchResult, { kind: K }>;

/**
 * A stored result as the union: results written before `kind` was stored get it from their job.
 * Throws (zod) when the JSON is not a result of that kind.
 */
export function parseStoredResult(kind: ResearchResult['kind'], stored: unknown): ResearchResult {
  return researchResultSchema.parse({ ...(stored as Record<string, unknown>), kind });
}
