// The face cut out of the photo and scaled to a fixed width, so that every size-dependent
// measure (spot area, line length, pore size) means the same on every photo: the normalized
// face is NORM_FACE_WIDTH px from ear to ear, about 0.35 mm per pixel for an adult face.
import sharp from 'sharp';
import { rgbBufferToLab } from '../color/index.js';
import type { RgbImage } from './decode.js';
import {
  faceWidth,
  regionPixels,
  regionPolygons,
  type Mesh,
  type RegionPixels,
  type RegionPolygons,
} from './regions.js';
import { medianAt, unionPixels } from './image-ops.js';
import { boundingBox, type Point } from './raster.js';

export const NORM_FACE_WIDTH = 400;

export interface FaceFrame {
  width: number;
  height: number;
  rgb: Uint8Array;
  L: Float32Array;
  a: Float32Array;
  b: Float32Array;
  /** Mesh in frame pixels. */
  mesh: Point[];
  regions: RegionPixels;
  /** Region polygons in the working image's pixels (for the overlay). */
  polygons: RegionPolygons;
  /** Skin used by the cosmetic metrics: forehead, nose, cheeks, chin. */
  skin: Int32Array;
  /** Frame pixel -> working-image pixel: x / scale + originX. */
  scale: number;
  originX: number;
  originY: number;
}

/** Pixels below this share of the cheeks' median chroma are not skin (hair, brows, grey stubble, white highlights). */
export const MIN_SKIN_CHROMA_SHARE = 0.45;

// Hair and stubble reach into the forehead and chin polygons on many faces; they are far less
// saturated than skin of any tone, so a chroma floor relative to the person's own cheeks
// removes them without a fixed skin-color model. The lips keep all their pixels.
function keepSkin(regions: RegionPixels, a: Float32Array, b: Float32Array): RegionPixels {
  const cheeks = unionPixels(regions.leftCheek, regions.rightCheek);
  const floor = MIN_SKIN_CHROMA_SHARE * Math.hypot(medianAt(a, cheeks), medianAt(b, cheeks));
  if (!Number.isFinite(floor)) return regions;
  const out = { ...regions };
  for (const name of Object.keys(regions) as (keyof RegionPixels)[]) {
    if (name === 'lips') continue;
    out[name] = regions[name].filter((p) => Math.hypot(a[p]!, b[p]!) >= floor);
  }
  return out;
}

/** Crops, scales and converts the face around `mesh` (working-image pixels) to CIELAB planes. */
export async function buildFrame(work: RgbImage, mesh: Mesh): Promise<FaceFrame> {
  const [x0, y0, bw, bh] = boundingBox(mesh);
  const x1 = x0 + bw;
  const y1 = y0 + bh;
  const m = 0.06 * Math.max(x1 - x0, y1 - y0);
  const left = Math.max(0, Math.floor(x0 - m));
  const top = Math.max(0, Math.floor(y0 - m));
  const cw = Math.max(1, Math.min(work.width, Math.ceil(x1 + m)) - left);
  const ch = Math.max(1, Math.min(work.height, Math.ceil(y1 + m)) - top);
  const scale = NORM_FACE_WIDTH / Math.max(1, faceWidth(mesh));
  const width = Math.max(8, Math.round(cw * scale));
  const height = Math.max(8, Math.round(ch * scale));
  const buf = await sharp(work.data, { raw: { width: work.width, height: work.height, channels: 3 } })
    .extract({ left, top, width: cw, height: ch })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const rgb = new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
  const sx = width / cw;
  const sy = height / ch;
  const local = mesh.map(([x, y]) => [(x - left) * sx, (y - top) * sy] as Point);
  const { L, a, b } = rgbBufferToLab(rgb, 3);
  const regions = keepSkin(regionPixels(local, width, height), a, b);
  return {
    width,
    height,
    rgb,
    L,
    a,
    b,
    mesh: local,
    regions,
    polygons: regionPolygons(mesh),
    skin: unionPixels(regions.forehead, regions.nose, regions.leftCheek, regions.rightCheek, regions.chin),
    scale: sx,
    originX: left,
    originY: top,
  };
}
