import { TRAINING_FEATURES, type TongueFeatures, type TrainingKey, type TrainingReading } from '@tcm/contract';

export interface Marked {
  /** Per scored feature: whether the learner's label is one the key accepts. */
  marks: Record<string, boolean>;
  correct: number;
  scored: number;
}

/**
 * Marks one reading against a question's key: a feature counts only when the key has it (a photo
 * the expert did not label for, say, thickness is not scored on it); a feature the learner left
 * out counts wrong.
 */
export function markReading(key: TrainingKey, reading: TrainingReading): Marked {
  const marks: Record<string, boolean> = {};
  let correct = 0;
  let scored = 0;
  for (const f of TRAINING_FEATURES) {
    const accepted = key[f] as readonly string[] | undefined;
    if (!accepted?.length) continue;
    scored++;
    const given = reading[f];
    const ok = given !== undefined && accepted.includes(given);
    marks[f] = ok;
    if (ok) correct++;
  }
  return { marks, correct, scored };
}

/** A text question counts as one scored reading: right when the chosen option is the answer. */
export function markChoice(answer: number, given: number | null | undefined): Omit<Marked, 'marks'> {
  return { correct: given === answer ? 1 : 0, scored: 1 };
}

/**
 * Score of an attempt, 0–100: correct readings over scored readings of every question drawn, so
 * an unanswered question costs all its scored features. Rounded half up to a whole number.
 */
export function attemptScore(items: ReadonlyArray<{ correct: number; scored: number }>): number {
  const scored = items.reduce((s, i) => s + i.scored, 0);
  if (!scored) return 0;
  const correct = items.reduce((s, i) => s + i.correct, 0);
  return Math.round((100 * correct) / scored);
}

/** The engine's reading of the five features from a tongue result (vocabulary ids as written). */
export function engineReading(f: TongueFeatures): TrainingReading {
  return {
    bodyColor: f.bodyColor.label,
    coatingColor: f.coatingColor.label,
    coatingThickness: f.coatingThickness.label,
    cracks: f.cracks.label,
    toothMarks: f.toothMarks.label,
  };
}
