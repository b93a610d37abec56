import type { z } from 'zod';
import type { classMetricsSchema, classificationMetricsSchema } from '@tcm/contract';

/** precision is 0 for a class never predicted (scikit-learn's zero_division=0); matrix[true][predicted]. */
export type ClassMetrics = z.infer<typeof classMetricsSchema>;
export type ClassificationMetrics = z.infer<typeof classificationMetricsSchema>;

export function classificationMetrics(
  truth: ArrayLike<number>,
  predicted: ArrayLike<number>,
  labels: string[],
): ClassificationMetrics {
  const k = labels.length;
  const matrix = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  let correct = 0;
  for (let i = 0; i < truth.length; i++) {
    const t = truth[i] as number;
    const p = predicted[i] as number;
    (matrix[t] as number[])[p]! += 1;
    if (t === p) correct++;
  }
  const perClass = labels.map((label, c) => {
    const tp = (matrix[c] as number[])[c] as number;
    const support = (matrix[c] as number[]).reduce((s, v) => s + v, 0);
    const predictedCount = matrix.reduce((s, row) => s + (row[c] as number), 0);
    const precision = predictedCount > 0 ? tp / predictedCount : 0;
    const recall = support > 0 ? tp / support : 0;
    const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    return { label, precision, recall, f1, support };
  });
  return {
    samples: truth.length,
    accuracy: truth.length > 0 ? correct / truth.length : 0,
    macroF1: k > 0 ? perClass.reduce((s, c) => s + c.f1, 0) / k : 0,
    perClass,
    confusion: { labels: [...labels], matrix },
  };
}
