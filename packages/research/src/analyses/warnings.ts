import type { ResearchWarning } from '@tcm/contract';
import { type Dataset, isMissing, variableIndex } from '../dataset.js';

/**
 * Degenerate runs (issue 32 item 4): a result computed on them looks like any other, so each
 * check here names what went wrong; a job with any ends `warning`, never a plain result.
 */

/** Below this many samples per chosen variable, clusters and classifiers mostly fit noise. */
export const MIN_SAMPLES_PER_VARIABLE = 10;
/** A class with fewer samples than this cannot be validated across folds. */
export const MIN_CLASS_SAMPLES = 5;

/** Chosen variables with no recorded value in the pool (they were filled or counted as nothing). */
export function noDataWarning(dataset: Dataset, keys: readonly string[]): ResearchWarning[] {
  const empty = keys.filter((key) => {
    const col = variableIndex(dataset, key);
    return dataset.rows.every((row) => isMissing(row[col]));
  });
  if (empty.length === 0) return [];
  const list = empty.join(', ');
  return [
    {
      code: 'no_data',
      items: empty,
      count: empty.length,
      limit: 0,
      en: `No sample records ${empty.length === 1 ? 'the variable' : 'the variables'} ${list}; the result does not describe ${empty.length === 1 ? 'it' : 'them'}`,
      zh: `没有样本记录变量 ${list}，结果不能说明这些变量`,
    },
  ];
}

/** Fewer than 10 samples per chosen variable. */
export function fewSamplesWarning(samples: number, variables: number): ResearchWarning[] {
  const limit = MIN_SAMPLES_PER_VARIABLE * variables;
  if (samples >= limit) return [];
  return [
    {
      code: 'few_samples',
      items: [],
      count: samples,
      limit,
      en: `${samples} samples for ${variables} variables: fewer than ${MIN_SAMPLES_PER_VARIABLE} per variable (${limit}); the result is unstable`,
      zh: `${variables} 个变量只有 ${samples} 个样本，少于每个变量 ${MIN_SAMPLES_PER_VARIABLE} 个（${limit} 个），结果不稳定`,
    },
  ];
}

/** Clusters that ended with no sample (fewer distinct samples than k). */
export function emptyClustersWarning(sizes: readonly number[]): ResearchWarning[] {
  const empty = sizes.flatMap((s, c) => (s === 0 ? [String(c + 1)] : []));
  if (empty.length === 0) return [];
  return [
    {
      code: 'empty_clusters',
      items: empty,
      count: empty.length,
      limit: sizes.length,
      en: `${empty.length} of ${sizes.length} clusters are empty: the samples do not hold ${sizes.length} distinct groups`,
      zh: `${sizes.length} 个聚类中有 ${empty.length} 个为空：样本中没有 ${sizes.length} 个可区分的组`,
    },
  ];
}

/** Classes of the target with fewer than 5 samples (among those with the target recorded). */
export function smallClassWarning(classes: ReadonlyArray<{ label: string; support: number }>): ResearchWarning[] {
  const small = classes.filter((c) => c.support < MIN_CLASS_SAMPLES);
  if (small.length === 0) return [];
  const smallest = Math.min(...small.map((c) => c.support));
  const list = small.map((c) => `${c.label} (${c.support})`).join(', ');
  return [
    {
      code: 'small_class',
      items: small.map((c) => c.label),
      count: smallest,
      limit: MIN_CLASS_SAMPLES,
      en: `Classes with fewer than ${MIN_CLASS_SAMPLES} samples: ${list}; their metrics say little`,
      zh: `样本少于 ${MIN_CLASS_SAMPLES} 个的类别：${list}，其指标参考价值很小`,
    },
  ];
}
