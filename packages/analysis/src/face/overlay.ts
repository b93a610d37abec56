// The annotated picture for the web result page and the PDF report: the face cropped with a
// margin, region outlines and the detected spots drawn over it as SVG, encoded as PNG.
import sharp from 'sharp';
import type { FaceRegionName } from '@tcm/contract';
import type { RgbImage } from './decode.js';
import type { Point } from './raster.js';

const COLORS: Record<FaceRegionName, string> = {
  forehead: '#f5c518',
  nose: '#00c2ff',
  leftCheek: '#ff5c8a',
  rightCheek: '#ff5c8a',
  chin: '#8ae234',
  leftUnderEye: '#b48cff',
  rightUnderEye: '#b48cff',
  lips: '#ff3030',
};
const MAX_SIDE = 640;

export interface OverlayInput {
  image: RgbImage;
  /** Face box x, y, w, h in image pixels. */
  box: [number, number, number, number];
  regions: Partial<Record<FaceRegionName, Point[]>>;
  /** Spots in image pixels. */
  spots: { x: number; y: number; r: number }[];
}

/** PNG bytes of the face with its regions and spots drawn (at most 640 px on the long side). */
export async function renderOverlay(input: OverlayInput): Promise<Uint8Array> {
  const { image, box } = input;
  const m = 0.25 * Math.max(box[2], box[3]);
  const x0 = Math.max(0, Math.floor(box[0] - m));
  const y0 = Math.max(0, Math.floor(box[1] - m));
  const x1 = Math.min(image.width, Math.ceil(box[0] + box[2] + m));
  const y1 = Math.min(image.height, Math.ceil(box[1] + box[3] + m));
  const w = Math.max(1, x1 - x0);
  const h = Math.max(1, y1 - y0);
  const s = Math.min(1, MAX_SIDE / Math.max(w, h));
  const W = Math.max(1, Math.round(w * s));
  const H = Math.max(1, Math.round(h * s));
  const tx = (p: Point) => `${((p[0] - x0) * s).toFixed(1)},${((p[1] - y0) * s).toFixed(1)}`;
  const shapes: string[] = [];
  for (const [name, poly] of Object.entries(input.regions) as [FaceRegionName, Point[]][]) {
    const c = COLORS[name];
    shapes.push(
      `<polygon points="${poly.map(tx).join(' ')}" fill="${c}" fill-opacity="0.12" stroke="${c}" stroke-width="2"/>`,
    );
  }
  for (const sp of input.spots) {
    const [cx, cy] = tx([sp.x, sp.y]).split(',');
    shapes.push(
      `<circle cx="${cx}" cy="${cy}" r="${Math.max(3, sp.r * s + 2).toFixed(1)}" fill="none" stroke="#ffffff" stroke-width="1.5"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${shapes.join('')}</svg>`;
  const png = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract({ left: x0, top: y0, width: w, height: h })
    .resize(W, H)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    // A palette PNG is a quarter of the size of a true-color one and looks the same at this size.
    .png({ palette: true, quality: 90, effort: 2, compressionLevel: 6 })
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.length);
}
