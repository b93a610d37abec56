// Face regions as polygons on the MediaPipe FaceMesh (468 points) that Human returns.
// "left" and "right" are the person's own sides (MediaPipe's naming): the right cheek shows
// on the image's left in a frontal photo. Polygons are pulled in from the mesh contours so
// that hair, brows, eyelashes, nostrils and the background stay out of the color samples.
import type { FaceRegionName } from '@tcm/contract';
import { lerp, polygonPixels, subtractPixels, type Point } from './raster.js';

// Mesh indices (see @vladmandic/human src/face/facemeshcoords.ts for the named contours).
const BROW_TOP = [105, 66, 107, 336, 296, 334];
const FOREHEAD_TOP = [67, 109, 10, 10, 338, 297];
const RIGHT_EYE_LOWER2 = [226, 31, 228, 229, 230, 231, 232, 233, 244];
const RIGHT_EYE_LOWER3 = [143, 111, 117, 118, 119, 120, 121, 128, 245];
const LEFT_EYE_LOWER2 = [446, 261, 448, 449, 450, 451, 452, 453, 464];
const LEFT_EYE_LOWER3 = [372, 340, 346, 347, 348, 349, 350, 357, 465];
// Rings around the cheek centers (205 right, 425 left): ear level, under-eye, nose wing,
// mouth corner, jaw.
const RIGHT_CHEEK_RING = [234, 117, 119, 98, 61, 172];
const LEFT_CHEEK_RING = [454, 346, 348, 327, 291, 397];
const CHIN_RING = [181, 84, 17, 314, 405, 400, 377, 152, 148, 176];
const LIPS_OUTER = [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291, 375, 321, 405, 314, 17, 84, 181, 91, 146];
const LIPS_INNER = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308, 324, 318, 402, 317, 14, 87, 178, 88, 95];
/** Face outline (MediaPipe silhouette), clockwise from the forehead top. */
export const SILHOUETTE = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136,
  172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
];
const RIGHT_EYE_OUTLINE = [33, 246, 161, 160, 159, 158, 157, 173, 133, 155, 154, 153, 145, 144, 163, 7];
const LEFT_EYE_OUTLINE = [263, 466, 388, 387, 386, 385, 384, 398, 362, 382, 381, 380, 374, 373, 390, 249];

export type Mesh = readonly Point[];
export type RegionPolygons = Record<FaceRegionName, Point[]>;

const at = (mesh: Mesh, i: number): Point => mesh[i] ?? [0, 0];
const centroid = (pts: Point[]): Point => [
  pts.reduce((s, p) => s + p[0], 0) / pts.length,
  pts.reduce((s, p) => s + p[1], 0) / pts.length,
];
/** Ring of mesh points shrunk towards `center` by factor k (1 = unchanged). */
const shrink = (mesh: Mesh, ring: number[], centre: Point, k: number): Point[] =>
  ring.map((i) => lerp(centre, at(mesh, i), k));

/** Region polygons in the mesh's pixel coordinates. */
export function regionPolygons(mesh: Mesh): RegionPolygons {
  const p = (i: number) => at(mesh, i);
  // Forehead: from 20 % to 60 % of the way from the brow tops to the mesh top, which clears
  // the brows below and most fringes above.
  const low = BROW_TOP.map((b, k) => lerp(p(b), p(FOREHEAD_TOP[k]!), 0.2));
  const high = BROW_TOP.map((b, k) => lerp(p(b), p(FOREHEAD_TOP[k]!), 0.6));
  const forehead = [...low, ...high.reverse()];
  // Nose: bridge between the inner eye corners down to the tip, inside the nose wings.
  const nose: Point[] = [
    lerp(p(6), p(133), 0.3),
    lerp(p(6), p(362), 0.3),
    lerp(p(4), p(327), 0.55),
    p(1),
    lerp(p(4), p(98), 0.55),
  ];
  const underEye = (lower2: number[], lower3: number[]) => {
    // Skip the outer ends, where the contours meet the temple and the nose bridge.
    const a = lower2.slice(1, -2).map((i, k) => lerp(p(i), p(lower3[k + 1]!), 0.15));
    const b = lower3.slice(1, -2).map((i, k) => lerp(p(i), p(lower2[k + 1]!), 0.1));
    return [...a, ...b.reverse()];
  };
  const chinPts = CHIN_RING.map(p);
  // The mesh often runs past the jaw line at the chin, so the polygon stays near the lip.
  const chinCentre = lerp(p(17), p(152), 0.4);
  return {
    forehead,
    nose,
    rightCheek: shrink(mesh, RIGHT_CHEEK_RING, p(205), 0.55),
    leftCheek: shrink(mesh, LEFT_CHEEK_RING, p(425), 0.55),
    chin: chinPts.map((q) => lerp(chinCentre, q, 0.6)),
    rightUnderEye: underEye(RIGHT_EYE_LOWER2, RIGHT_EYE_LOWER3),
    leftUnderEye: underEye(LEFT_EYE_LOWER2, LEFT_EYE_LOWER3),
    lips: LIPS_OUTER.map(p),
  };
}

export type RegionPixels = Record<FaceRegionName, Int32Array>;

/** Pixel indices of every region in a width x height image; the lips exclude the open mouth. */
export function regionPixels(mesh: Mesh, width: number, height: number): RegionPixels {
  const polys = regionPolygons(mesh);
  const out = {} as RegionPixels;
  for (const [name, poly] of Object.entries(polys) as [FaceRegionName, Point[]][])
    out[name] = polygonPixels(poly, width, height);
  out.lips = subtractPixels(
    out.lips,
    polygonPixels(
      LIPS_INNER.map((i) => at(mesh, i)),
      width,
      height,
    ),
  );
  return out;
}

/** Face outline and eye outlines as polygons (for the sharpness and overlay). */
export function outlinePolygons(mesh: Mesh): { face: Point[]; rightEye: Point[]; leftEye: Point[] } {
  return {
    face: SILHOUETTE.map((i) => at(mesh, i)),
    rightEye: RIGHT_EYE_OUTLINE.map((i) => at(mesh, i)),
    leftEye: LEFT_EYE_OUTLINE.map((i) => at(mesh, i)),
  };
}

/** Face width in pixels: distance between the outline points at ear level (234, 454). */
export function faceWidth(mesh: Mesh): number {
  const a = at(mesh, 234);
  const b = at(mesh, 454);
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

export { centroid };
