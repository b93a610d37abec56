import { badParameter } from '../errors.js';
import { createRng, shuffleInPlace } from '../rng.js';

/**
 * Stratified k-fold split: each class's samples are shuffled (seeded) and dealt to the folds in
 * turn, continuing where the previous class stopped, so every fold keeps the class proportions
 * and fold sizes differ by at most one. Returns the test indices of each fold, ascending.
 */
export function stratifiedFolds(labels: ArrayLike<number>, folds: number, seed: number): number[][] {
  if (!Number.isInteger(folds) || folds < 2) throw badParameter('folds', 'a whole number ≥ 2', '须为 ≥ 2 的整数');
  if (labels.length < folds)
    throw badParameter(
      'folds',
      `at most the number of samples (${labels.length})`,
      `不能多于样本数（${labels.length}）`,
    );
  const rng = createRng(seed);
  const byClass = new Map<number, number[]>();
  for (let i = 0; i < labels.length; i++) {
    const c = labels[i] as number;
    if (!byClass.has(c)) byClass.set(c, []);
    (byClass.get(c) as number[]).push(i);
  }
  const out: number[][] = Array.from({ length: folds }, () => []);
  let next = 0;
  for (const c of [...byClass.keys()].sort((a, b) => a - b)) {
    for (const i of shuffleInPlace(byClass.get(c) as number[], rng)) {
      (out[next] as number[]).push(i);
      next = (next + 1) % folds;
    }
  }
  return out.map((f) => f.sort((a, b) => a - b));
}
