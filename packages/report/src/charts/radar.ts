import { drawText, type Ctx } from '../layout/page.js';
import { THEME } from '../layout/theme.js';

export interface RadarAxis {
  label: string;
  /** Value on the 0-`max` scale. */
  value: number;
}

/**
 * Radar chart as vector paths: rings every 20 % of `max`, one spoke per axis, the value polygon
 * filled, and a dashed ring at `threshold` (the "yes" cut-off of the constitution standard).
 * Center (cx, cy), radius and the labels' horizontal bounds in pt.
 */
export function drawRadar(
  ctx: Ctx,
  cx: number,
  cy: number,
  radius: number,
  axes: RadarAxis[],
  max = 100,
  threshold?: number,
  bounds: [number, number] = [cx - radius - 80, cx + radius + 80],
): void {
  const { doc } = ctx;
  const n = axes.length;
  if (n < 3) return;
  const at = (i: number, r: number): [number, number] => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  };
  for (let ring = 1; ring <= 5; ring++) {
    const pts = axes.map((_, i) => at(i, (radius * ring) / 5));
    doc
      .polygon(...pts)
      .lineWidth(0.5)
      .strokeColor(THEME.border)
      .stroke();
    drawText(ctx, String((max * ring) / 5), cx + 2, cy - (radius * ring) / 5 - 4, { size: 6, color: THEME.muted });
  }
  axes.forEach((_, i) => {
    const [x, y] = at(i, radius);
    doc.moveTo(cx, cy).lineTo(x, y).lineWidth(0.5).strokeColor(THEME.border).stroke();
  });
  if (threshold !== undefined) {
    const pts = axes.map((_, i) => at(i, (radius * threshold) / max));
    doc
      .polygon(...pts)
      .lineWidth(0.8)
      .dash(3, { space: 2 })
      .strokeColor(THEME.chart.threshold)
      .stroke();
    doc.undash();
  }
  const vals = axes.map((a, i) => at(i, (radius * Math.max(0, Math.min(a.value, max))) / max));
  doc.save();
  doc
    .polygon(...vals)
    .fillOpacity(0.22)
    .fill(THEME.chart.fill);
  doc.restore();
  doc
    .polygon(...vals)
    .lineWidth(1.4)
    .strokeColor(THEME.chart.line)
    .stroke();
  vals.forEach(([x, y]) => doc.circle(x, y, 2).fill(THEME.chart.line));
  // Name above value, kept inside [minX, maxX] so long English names never run under a neighbor.
  axes.forEach((a, i) => {
    const [x, y] = at(i, radius + 8);
    const w = 66;
    const align = Math.abs(x - cx) < 8 ? 'center' : x > cx ? 'left' : 'right';
    const raw = align === 'center' ? x - w / 2 : align === 'left' ? x : x - w;
    const tx = Math.max(bounds[0], Math.min(raw, bounds[1] - w));
    const ty = y < cy - radius * 0.5 ? y - 16 : y > cy + radius * 0.5 ? y - 2 : y - 9;
    drawText(ctx, `${a.label}\n${a.value.toFixed(0)}`, tx, ty, { size: 7, width: w, align, lineGap: 0 });
  });
}
