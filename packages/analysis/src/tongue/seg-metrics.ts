// Pixel counts and the segmentation scores reported in the model card and asserted in tests.

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

/** Confusion counts of a predicted mask against the truth (both 1 = tongue). */
export function count(pred: Uint8Array, truth: Uint8Array): Counts {
  const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (let p = 0; p < pred.length; p++) {
    if (pred[p]) {
      if (truth[p]) c.tp++;
      else c.fp++;
    } else if (truth[p]) c.fn++;
    else c.tn++;
  }
  return c;
}

export interface Scores {
  /** Mean of the tongue and background IoU. */
  miou: number;
  iouTongue: number;
  iouBackground: number;
  /** Dice (F1) of the tongue class. */
  dice: number;
}

export function scores(c: Counts): Scores {
  const iouTongue = c.tp / Math.max(1, c.tp + c.fp + c.fn);
  const iouBackground = c.tn / Math.max(1, c.tn + c.fp + c.fn);
  return {
    miou: (iouTongue + iouBackground) / 2,
    iouTongue,
    iouBackground,
    dice: (2 * c.tp) / Math.max(1, 2 * c.tp + c.fp + c.fn),
  };
}

/** Adds the counts of b into a (pooling over photos). */
export function addCounts(a: Counts, b: Counts): Counts {
  a.tp += b.tp;
  a.fp += b.fp;
  a.fn += b.fn;
  a.tn += b.tn;
  return a;
}
