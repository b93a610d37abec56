// The face engine's repeatability reference (issue 36 item 3): each portrait is re-taken under
// every perturbation (perturb.ts) and analyzed again; the change of every score and label is set
// against the spread of that score between the people photographed. A score that one ordinary
// re-take can move by more than the spread between people (largest change > between-people SD)
// cannot be trusted to tell people apart: the engine marks it "low confidence". The largest
// change, not the typical one, because a person gets one photo, not the average of many.
import { FACE_METRICS, type FaceMetricName, type FaceResult } from '@tcm/contract';
import { analyzeFace } from '../analyze.js';
import { EngineError } from '../../common/index.js';
import { PERTURBATIONS, perturb } from './perturb.js';

/** The scores studied: the seven 0–100 metrics and the skin-tone angle (ITA°). */
export type StudiedScore = FaceMetricName | 'ita';
export const STUDIED_SCORES: readonly StudiedScore[] = [...FACE_METRICS, 'ita'];
export const STUDIED_LABELS = ['complexion', 'gloss', 'lips', 'skinTone'] as const;
type StudiedLabel = (typeof STUDIED_LABELS)[number];

export interface ReTake {
  portrait: string;
  perturbation: string;
  /** Catalog code when the engine refused the re-take (it analyzed the original). */
  refused?: number;
  /** Mean distance of the region outline points from the original's, % of the face width. */
  landmarkShiftPct?: number;
  /** Score changes (re-take − original). */
  delta?: Partial<Record<StudiedScore, number>>;
  /** Labels that differ from the original's. */
  changedLabels?: StudiedLabel[];
}

export interface ScoreRow {
  /** Sample SD of the originals' scores (between people). */
  betweenPeopleSd: number;
  /** Root mean square of the change over every analyzed re-take. */
  rmsChange: number;
  maxAbsChange: number;
  /** Mean absolute change per perturbation kind. */
  byKind: Record<string, number>;
  lowConfidence: boolean;
}

export interface FaceReference {
  engine: string;
  portraits: string[];
  perturbations: typeof PERTURBATIONS;
  originals: Record<string, Record<StudiedScore, number> & Record<StudiedLabel, string>>;
  reTakes: ReTake[];
  scores: Record<StudiedScore, ScoreRow>;
  /** Per label: re-takes where it changed / re-takes analyzed. */
  labels: Record<StudiedLabel, { changed: number; of: number }>;
  detection: { refused: number; of: number };
  landmarks: { medianShiftPct: number; maxShiftPct: number };
}

const r2 = (x: number) => Math.round(x * 100) / 100;
const scoresOf = (r: FaceResult): Record<StudiedScore, number> => {
  const out = { ita: r.metrics.skinTone.ita } as Record<StudiedScore, number>;
  for (const k of FACE_METRICS) out[k] = r.metrics[k].score;
  return out;
};
const labelsOf = (r: FaceResult): Record<StudiedLabel, string> => ({
  complexion: r.complexion.class,
  gloss: r.gloss.class,
  lips: r.lips.class,
  skinTone: r.metrics.skinTone.category,
});
const outlinePoints = (r: FaceResult): [number, number][] =>
  Object.values(r.regions).flatMap((region) => region?.outline ?? []);

const sampleSd = (xs: number[]): number => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
};
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Runs the whole study on `portraits` (name → JPEG bytes). */
export async function runFaceReference(portraits: Record<string, Buffer>, engine: string): Promise<FaceReference> {
  const originals: FaceReference['originals'] = {};
  const reTakes: ReTake[] = [];
  for (const [name, bytes] of Object.entries(portraits)) {
    const base = (await analyzeFace(bytes)).result;
    originals[name] = { ...scoresOf(base), ...labelsOf(base) };
    const basePoints = outlinePoints(base);
    const faceWidth = base.face.box[2];
    for (const p of PERTURBATIONS) {
      const photo = await perturb(bytes, p.id);
      let res: FaceResult;
      try {
        res = (await analyzeFace(photo.bytes)).result;
      } catch (e) {
        if (!(e instanceof EngineError)) throw e;
        reTakes.push({ portrait: name, perturbation: p.id, refused: e.code });
        continue;
      }
      const pts = outlinePoints(res);
      let shift = 0;
      const n = Math.min(pts.length, basePoints.length);
      for (let i = 0; i < n; i++) {
        const [x, y] = photo.toOriginal(pts[i]![0], pts[i]![1]);
        shift += Math.hypot(x - basePoints[i]![0], y - basePoints[i]![1]);
      }
      const s = scoresOf(res);
      const l = labelsOf(res);
      reTakes.push({
        portrait: name,
        perturbation: p.id,
        landmarkShiftPct: r2(((shift / Math.max(1, n)) * 100) / faceWidth),
        delta: Object.fromEntries(STUDIED_SCORES.map((k) => [k, r2(s[k] - originals[name]![k])])),
        changedLabels: STUDIED_LABELS.filter((k) => l[k] !== originals[name]![k]),
      });
    }
  }

  const kept = reTakes.filter((t) => t.delta);
  const kindOf = (id: string) => PERTURBATIONS.find((p) => p.id === id)!.kind;
  const scores = {} as Record<StudiedScore, ScoreRow>;
  for (const k of STUDIED_SCORES) {
    const deltas = kept.map((t) => t.delta![k]!);
    const between = sampleSd(Object.values(originals).map((o) => o[k]));
    const rms = Math.sqrt(deltas.reduce((a, d) => a + d * d, 0) / Math.max(1, deltas.length));
    const byKind: Record<string, number> = {};
    for (const kind of new Set(PERTURBATIONS.map((p) => p.kind))) {
      const ds = kept.filter((t) => kindOf(t.perturbation) === kind).map((t) => Math.abs(t.delta![k]!));
      byKind[kind] = ds.length ? r2(ds.reduce((a, b) => a + b, 0) / ds.length) : NaN;
    }
    scores[k] = {
      betweenPeopleSd: r2(between),
      rmsChange: r2(rms),
      maxAbsChange: r2(Math.max(0, ...deltas.map(Math.abs))),
      byKind,
      lowConfidence: Math.max(0, ...deltas.map(Math.abs)) > between,
    };
  }
  const labels = Object.fromEntries(
    STUDIED_LABELS.map((k) => [
      k,
      { changed: kept.filter((t) => t.changedLabels!.includes(k)).length, of: kept.length },
    ]),
  ) as FaceReference['labels'];
  const shifts = kept.map((t) => t.landmarkShiftPct!);
  return {
    engine,
    portraits: Object.keys(portraits),
    perturbations: PERTURBATIONS,
    originals,
    reTakes,
    scores,
    labels,
    detection: { refused: reTakes.length - kept.length, of: reTakes.length },
    landmarks: { medianShiftPct: r2(median(shifts)), maxShiftPct: r2(Math.max(...shifts)) },
  };
}
