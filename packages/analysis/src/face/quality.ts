// Photo quality: the checks that stop an analysis (thrown EngineError with a tip) and the
// ones that only warn (quality issues on the result). Thresholds are in units of the
// normalized face (see face-frame.ts) so they do not depend on the photo's resolution.
import { FACE_ERRORS, type QualityIssue } from '@tcm/contract';
import { linearRgbToLab, SRGB_TO_LINEAR } from '../color/index.js';
import { EngineError } from '../common/index.js';
import type { FaceFrame } from './face-frame.js';
import type { RgbImage } from './decode.js';
import type { DetectedFace } from './detector.js';
import { medianAt, round } from './image-ops.js';
import { lerp, polygonPixels } from './raster.js';
import { faceWidth, SILHOUETTE } from './regions.js';
import type { FaceErrorDef } from '@tcm/contract';

/** A second face counts when it is at least this fraction of the main face's width. */
const SECOND_FACE_RATIO = 0.5;
/** Smallest face width (ear to ear) in working-image pixels: below it skin detail is lost. */
export const MIN_FACE_WIDTH_PX = 160;
/** Largest head turn (yaw) and nod (pitch) in degrees. */
export const MAX_YAW_DEG = 35;
export const MAX_PITCH_DEG = 30;
/** Sharpness (mean |Laplacian| / L* spread on the normalized face) under which a photo is blurred. */
export const MIN_SHARPNESS = 0.05;
/** Median skin L* limits, and the clipped share (all channels >= 245: washed-out white) of skin pixels. */
export const MIN_SKIN_L = 12;
export const MAX_SKIN_L = 90;
export const MAX_CLIPPED = 0.25;
/** Cheek-to-cheek L* difference that warns of uneven light. */
export const MAX_CHEEK_DIFF_L = 14;
/** Chroma (C*ab) of the bright neutral surfaces above which the photo has a color cast. */
export const MAX_CAST_CHROMA = 9;

const deg = (rad: number) => (rad * 180) / Math.PI;
const issue = (def: FaceErrorDef): QualityIssue => ({ code: String(def.code), message: def.en, tip: def.tip.en });

/** Picks the one face to analyze or throws the matching error (none, several, too small, turned away). */
export function chooseFace(faces: DetectedFace[]): DetectedFace {
  const main = faces[0];
  if (!main) throw new EngineError(FACE_ERRORS.FACE_NOT_FOUND);
  const width = faceWidth(main.mesh);
  const others = faces.slice(1).filter((f) => faceWidth(f.mesh) >= SECOND_FACE_RATIO * width);
  if (others.length) throw new EngineError(FACE_ERRORS.FACE_SEVERAL, { faces: others.length + 1 });
  if (width < MIN_FACE_WIDTH_PX)
    throw new EngineError(FACE_ERRORS.FACE_TOO_SMALL, { faceWidthPx: round(width, 0), minPx: MIN_FACE_WIDTH_PX });
  const yaw = deg(main.yaw);
  const pitch = deg(main.pitch);
  if (Math.abs(yaw) > MAX_YAW_DEG || Math.abs(pitch) > MAX_PITCH_DEG) {
    throw new EngineError(FACE_ERRORS.FACE_TURNED_AWAY, { yawDeg: round(yaw, 1), pitchDeg: round(pitch, 1) });
  }
  return main;
}

/** Focus measure: mean absolute Laplacian of L* inside the face, divided by the L* spread there. */
function sharpness(frame: FaceFrame): number {
  const nose = frame.mesh[1] ?? [0, 0];
  const inner = polygonPixels(
    SILHOUETTE.map((i) => lerp(nose, frame.mesh[i] ?? nose, 0.85)),
    frame.width,
    frame.height,
  );
  const { L, width: w, height: h } = frame;
  let lap = 0;
  let n = 0;
  let sum = 0;
  let sum2 = 0;
  for (const p of inner) {
    const x = p % w;
    const y = (p - x) / w;
    if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) continue;
    const v = L[p]!;
    lap += Math.abs(4 * v - L[p - 1]! - L[p + 1]! - L[p - w]! - L[p + w]!);
    sum += v;
    sum2 += v * v;
    n++;
  }
  if (n === 0) return 0;
  const sd = Math.sqrt(Math.max(0, sum2 / n - (sum / n) ** 2));
  return lap / n / Math.max(sd, 4);
}

/**
 * Visits every second pixel (both ways, row by row) of the small photo outside the face box with
 * its offset in `data` and its R+G+B (0-765).
 */
function forEachOutside(
  small: RgbImage,
  [bx, by, bw, bh]: [number, number, number, number],
  visit: (p: number, sum: number) => void,
) {
  const { data, width, height } = small;
  const outside = (x: number, y: number) => x < bx || x >= bx + bw || y < by || y >= by + bh;
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      if (!outside(x, y)) continue;
      const p = (y * width + x) * 3;
      visit(p, data[p]! + data[p + 1]! + data[p + 2]!);
    }
  }
}

/**
 * Color of the light: the mean a*, b* of the brightest tenth of the photo outside the face,
 * where white walls, shirts and highlights are (grey-world on the bright end, which a
 * colored background fools less than the plain mean).
 */
function castOf(small: RgbImage, faceBox: [number, number, number, number]): { a: number; b: number; chroma: number } {
  const { data } = small;
  // First pass: histogram of R+G+B (0-765) on every second pixel outside the face, leaving
  // out pure white (clipped, says nothing about the light's color).
  const hist = new Uint32Array(766);
  let total = 0;
  forEachOutside(small, faceBox, (_p, sum) => {
    if (sum >= 762) return;
    hist[sum]!++;
    total++;
  });
  if (!total) return { a: 0, b: 0, chroma: 0 };
  let cut = 765;
  for (let acc = 0; cut > 0 && acc + hist[cut]! < total / 10; cut--) acc += hist[cut]!;
  // Second pass: mean linear RGB of the brightest tenth.
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let n = 0;
  forEachOutside(small, faceBox, (p, sum) => {
    if (sum < cut || sum >= 762) return;
    sr += SRGB_TO_LINEAR[data[p]!]!;
    sg += SRGB_TO_LINEAR[data[p + 1]!]!;
    sb += SRGB_TO_LINEAR[data[p + 2]!]!;
    n++;
  });
  const lab = linearRgbToLab(sr / n, sg / n, sb / n);
  return { a: lab[1]!, b: lab[2]!, chroma: Math.hypot(lab[1]!, lab[2]!) };
}

/** Checks focus and exposure (throws) and uneven light and color cast (returns issues). */
export function assessQuality(
  frame: FaceFrame,
  small: RgbImage,
  faceBoxSmall: [number, number, number, number],
): { issues: QualityIssue[]; evidence: Record<string, number> } {
  const sharp = sharpness(frame);
  const skinL = medianAt(frame.L, frame.skin);
  let clipped = 0;
  for (const p of frame.skin) {
    const q = p * 3;
    if (frame.rgb[q]! >= 245 && frame.rgb[q + 1]! >= 245 && frame.rgb[q + 2]! >= 245) clipped++;
  }
  const clippedShare = clipped / Math.max(1, frame.skin.length);
  const evidence: Record<string, number> = {
    sharpness: round(sharp, 3),
    skinL: round(skinL, 1),
    clippedShare: round(clippedShare, 3),
  };
  if (sharp < MIN_SHARPNESS)
    throw new EngineError(FACE_ERRORS.FACE_BLURRED, { ...evidence, minSharpness: MIN_SHARPNESS });
  if (!(skinL >= MIN_SKIN_L)) throw new EngineError(FACE_ERRORS.FACE_TOO_DARK, { ...evidence, minSkinL: MIN_SKIN_L });
  if (skinL > MAX_SKIN_L || clippedShare > MAX_CLIPPED) throw new EngineError(FACE_ERRORS.FACE_OVEREXPOSED, evidence);

  const issues: QualityIssue[] = [];
  const { leftCheek, rightCheek } = frame.regions;
  if (leftCheek.length > 50 && rightCheek.length > 50) {
    const diff = Math.abs(medianAt(frame.L, leftCheek) - medianAt(frame.L, rightCheek));
    evidence.cheekDiffL = round(diff, 1);
    if (diff > MAX_CHEEK_DIFF_L) issues.push(issue(FACE_ERRORS.FACE_UNEVEN_LIGHT));
  }
  const cast = castOf(small, faceBoxSmall);
  evidence.castA = round(cast.a, 1);
  evidence.castB = round(cast.b, 1);
  evidence.castChroma = round(cast.chroma, 1);
  if (cast.chroma > MAX_CAST_CHROMA) issues.push(issue(FACE_ERRORS.FACE_COLOR_CAST));
  return { issues, evidence };
}
