/**
 * Live quality tips for the camera view, computed in the browser from one video frame (RGBA
 * pixels from a canvas). Cheap on purpose (runs a few times a second on a phone): the frame is
 * sampled on a grid inside the region where the tongue outline is drawn.
 */
export interface FrameQuality {
  /** Mean luma (Rec. 601), 0..255. */
  brightness: number;
  /** Variance of the 4-neighbor Laplacian of luma: falls sharply when the picture is blurred. */
  sharpness: number;
}

export type FrameTip = 'tooDark' | 'tooBright' | 'blurry';

/**
 * Thresholds. Brightness: below 60 the tongue color is lost in sensor noise, above 230 the
 * coating is washed out. Sharpness: focused tongue photos at 640 px width score about 5–270
 * (median ~60) over the shared photo set, the same photos blurred with a 2 px Gaussian 1–12;
 * under 15 the coating texture and cracks are gone. Provisional (docs/records.md): the engine's
 * quality check after upload stays the judge; these tips only guide the camera.
 */
export const FRAME_LIMITS = { minBrightness: 60, maxBrightness: 230, minSharpness: 15 } as const;

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Quality of the region (default: the middle half, where the outline guides the tongue). */
export function frameQuality(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
  region?: Region,
): FrameQuality {
  const r = region ?? { x: width / 4, y: height / 4, width: width / 2, height: height / 2 };
  const x0 = Math.max(1, Math.floor(r.x));
  const y0 = Math.max(1, Math.floor(r.y));
  const x1 = Math.min(width - 2, Math.floor(r.x + r.width));
  const y1 = Math.min(height - 2, Math.floor(r.y + r.height));
  // At most ~160 samples per axis: enough for a stable mean and variance, cheap per frame.
  const step = Math.max(1, Math.floor(Math.max(x1 - x0, y1 - y0) / 160));
  const luma = (x: number, y: number) => {
    const p = (y * width + x) * 4;
    return 0.299 * rgba[p]! + 0.587 * rgba[p + 1]! + 0.114 * rgba[p + 2]!;
  };
  let n = 0;
  let sum = 0;
  let lapSum = 0;
  let lapSq = 0;
  for (let y = y0; y <= y1; y += step)
    for (let x = x0; x <= x1; x += step) {
      const c = luma(x, y);
      const lap = luma(x - 1, y) + luma(x + 1, y) + luma(x, y - 1) + luma(x, y + 1) - 4 * c;
      sum += c;
      lapSum += lap;
      lapSq += lap * lap;
      n++;
    }
  if (n === 0) return { brightness: 0, sharpness: 0 };
  const mean = lapSum / n;
  return { brightness: sum / n, sharpness: lapSq / n - mean * mean };
}

/** The tips to show for a frame, most important first; empty when the frame is fine. */
export function frameTips(q: FrameQuality): FrameTip[] {
  const tips: FrameTip[] = [];
  if (q.brightness < FRAME_LIMITS.minBrightness) tips.push('tooDark');
  else if (q.brightness > FRAME_LIMITS.maxBrightness) tips.push('tooBright');
  if (q.sharpness < FRAME_LIMITS.minSharpness) tips.push('blurry');
  return tips;
}
