// Macro-averaged F1 over the classes present in the truth (as scikit-learn's f1_score with
// average='macro' and labels = the truth's classes).
export function macroF1(pairs: readonly (readonly [truth: string, predicted: string])[]): number {
  const classes = [...new Set(pairs.map(([t]) => t))];
  let sum = 0;
  for (const c of classes) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const [t, p] of pairs) {
      if (p === c && t === c) tp++;
      else if (p === c) fp++;
      else if (t === c) fn++;
    }
    sum += tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  return classes.length ? sum / classes.length : NaN;
}
