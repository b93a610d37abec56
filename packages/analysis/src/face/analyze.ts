// The face engine: photo bytes -> checked, measured and classified face (FaceResult), and on
// request the annotated overlay PNG.
import { FACE_REGIONS, type FaceRegion, type FaceRegionName, type FaceResult } from '@tcm/contract';
import { decodePhoto } from './decode.js';
import { detectFaces, FACE_MODEL_VERSION, type DetectedFace } from './detector.js';
import { buildFrame, type FaceFrame } from './face-frame.js';
import { assessQuality, chooseFace } from './quality.js';
import { medianAt, quantilesAt, round } from './image-ops.js';
import { structureMetrics } from './skin-metrics.js';
import { colorMetrics } from './color-metrics.js';
import { classifyComplexion, classifyGloss, classifyLips } from './complexion.js';
import { renderOverlay } from './overlay.js';
import { summarize } from './summary.js';
import { withConfidence } from './confidence.js';
import type { Point } from './raster.js';

// 1.1.0: every score carries its confidence from the repeatability reference (docs/face.md).
export const FACE_ENGINE_VERSION = 'face-1.1.0';

export interface AnalyzeFaceOptions {
  /** Also render the annotated overlay PNG. */
  overlay?: boolean;
}

export interface FaceAnalysis {
  result: FaceResult;
  /** PNG bytes of the annotated face, when asked for. */
  overlayPng?: Uint8Array;
}

/** Region statistics; `toPhoto` maps working-image pixels to the uploaded photo's pixels. */
function regionStats(frame: FaceFrame, toPhoto: (p: Point) => Point): Record<FaceRegionName, FaceRegion> {
  const out = {} as Record<FaceRegionName, FaceRegion>;
  for (const name of FACE_REGIONS) {
    const idx = frame.regions[name];
    const [q25, q50, q75] = quantilesAt(frame.L, idx, [0.25, 0.5, 0.75]) as [number, number, number];
    out[name] = {
      lab: { L: round(q50, 1), a: round(medianAt(frame.a, idx), 1), b: round(medianAt(frame.b, idx), 1) },
      iqrL: round(q75 - q25, 1),
      pixels: idx.length,
      outline: (frame.polygons[name] ?? []).map((p) => {
        const [x, y] = toPhoto(p);
        return [round(x, 1), round(y, 1)] as [number, number];
      }),
    };
  }
  return out;
}

const scaleFace = (f: DetectedFace, k: number): DetectedFace => ({
  ...f,
  box: f.box.map((v) => v * k) as DetectedFace['box'],
  mesh: f.mesh.map(([x, y]) => [x * k, y * k] as Point),
});

/** Analyses one face photo (JPEG/PNG/WebP bytes); throws EngineError (32xxxxx) when it cannot. */
export async function analyzeFace(bytes: Uint8Array, options: AnalyzeFaceOptions = {}): Promise<FaceAnalysis> {
  const photo = await decodePhoto(bytes);
  const small = await detectFaces(photo.small.data, photo.small.width, photo.small.height);
  // Detection ran on the small copy: scale landmarks up to the working image.
  const k = photo.work.width / photo.small.width;
  const face = scaleFace(chooseFace(small.map((f) => scaleFace(f, k))), 1);
  const smallBox = face.box.map((v) => v / k) as DetectedFace['box'];

  const frame = await buildFrame(photo.work, face.mesh);
  const quality = assessQuality(frame, photo.small, smallBox);
  // Spots, region outlines and the face box go back to the photo's own pixels (as uploaded,
  // after EXIF rotation).
  const toOriginal = photo.original.width / photo.work.width;
  const regions = regionStats(frame, ([x, y]) => [x * toOriginal, y * toOriginal]);
  const [skinQ25, skinL, skinQ75] = quantilesAt(frame.L, frame.skin, [0.25, 0.5, 0.75]) as [number, number, number];
  const skinLab = {
    L: round(skinL, 1),
    a: round(medianAt(frame.a, frame.skin), 1),
    b: round(medianAt(frame.b, frame.skin), 1),
  };

  const structure = structureMetrics(frame, skinL);
  const colour = colorMetrics(frame);
  const complexion = classifyComplexion(skinLab, colour.skinTone.ita, colour.skinTone.category);
  const gloss = classifyGloss(colour.highlightShare, skinQ75 - skinQ25, skinL);
  const lips = classifyLips(regions.lips.lab, colour.skinTone.category);

  const toWork = (x: number, y: number): Point => [x / frame.scale + frame.originX, y / frame.scale + frame.originY];
  const workSpots = structure.spotList.map((s) => {
    const [x, y] = toWork(s.x, s.y);
    return { x, y, r: s.r / frame.scale };
  });
  const spots = workSpots.map((s) => ({
    x: round(s.x * toOriginal, 1),
    y: round(s.y * toOriginal, 1),
    r: round(s.r * toOriginal, 1),
  }));

  const deg = (r: number) => round((r * 180) / Math.PI, 1);
  const metrics: FaceResult['metrics'] = withConfidence({
    spots: structure.spots,
    wrinkles: structure.wrinkles,
    texture: structure.texture,
    pores: structure.pores,
    redness: colour.redness,
    shine: colour.shine,
    darkCircles: colour.darkCircles,
    skinTone: colour.skinTone,
  });
  const notes = [
    'Decision support from one photo, not a diagnosis; colors depend on the light and the camera.',
    'Left and right are the person\u2019s own sides.',
  ];
  if (!complexion.reliable)
    notes.push(
      'The complexion and lip color rules were drawn for light to intermediate skin; on this skin tone their classes say little.',
    );
  if (quality.issues.length) notes.push('See quality.issues: the readings may be affected.');

  const result: FaceResult = {
    version: { engine: FACE_ENGINE_VERSION, model: FACE_MODEL_VERSION },
    image: photo.original,
    face: {
      box: face.box.map((v) => round(v * toOriginal, 1)) as FaceResult['face']['box'],
      score: round(face.score, 3),
      yawDeg: deg(face.yaw),
      pitchDeg: deg(face.pitch),
      rollDeg: deg(face.roll),
    },
    quality,
    regions,
    complexion,
    gloss,
    lips,
    metrics,
    spots,
    summary: summarize(complexion, gloss, lips, metrics),
    notes,
  };
  const analysis: FaceAnalysis = { result };
  if (options.overlay) {
    analysis.overlayPng = await renderOverlay({
      image: photo.work,
      box: face.box,
      regions: frame.polygons,
      spots: workSpots,
    });
  }
  return analysis;
}
