import { drawText, type Ctx } from '../layout/page.js';
import { THEME } from '../layout/theme.js';
import { label } from '../labels.js';
import { niceTicks, scale } from './axes.js';

/**
 * Pulse waveform as one vector path: time axis in seconds from `rateHz`, amplitude normalized
 * (the sensor's units differ by device), a grid line each second, beat peaks marked.
 * Box (x, y, w, h) in pt.
 */
export function drawWaveform(
  ctx: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  samples: number[],
  rateHz: number,
  peaks: number[] = [],
): void {
  const { doc } = ctx;
  const padL = 8;
  const padB = 16;
  const pw = w - padL;
  const ph = h - padB;
  const duration = (samples.length - 1) / rateHz;
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of samples) {
    if (s < lo) lo = s;
    if (s > hi) hi = s;
  }
  const margin = (hi - lo) * 0.08 || 1;
  const sx = scale(0, duration, x + padL, x + padL + pw);
  const sy = scale(lo - margin, hi + margin, y + ph, y);
  doc.rect(x + padL, y, pw, ph).fill('#FBFCFD');
  for (let k = 1; k < 4; k++)
    doc
      .moveTo(x + padL, y + (ph * k) / 4)
      .lineTo(x + padL + pw, y + (ph * k) / 4)
      .lineWidth(0.4)
      .strokeColor(THEME.chart.grid)
      .stroke();
  for (const t of niceTicks(0, duration, Math.min(10, Math.max(2, Math.round(duration))))) {
    doc
      .moveTo(sx(t), y)
      .lineTo(sx(t), y + ph)
      .lineWidth(0.4)
      .strokeColor(THEME.chart.grid)
      .stroke();
    drawText(ctx, String(t), sx(t) - 15, y + ph + 3, { size: 6.5, color: THEME.muted, width: 30, align: 'center' });
  }
  doc
    .rect(x + padL, y, pw, ph)
    .lineWidth(0.6)
    .strokeColor(THEME.border)
    .stroke();
  doc.moveTo(sx(0), sy(samples[0]!));
  for (let i = 1; i < samples.length; i++) doc.lineTo(sx(i / rateHz), sy(samples[i]!));
  doc.lineWidth(1).lineJoin('round').strokeColor(THEME.chart.line).stroke();
  for (const p of peaks) {
    if (p < samples.length) doc.circle(sx(p / rateHz), sy(samples[p]!), 1.8).fill(THEME.chart.threshold);
  }
  drawText(ctx, label(ctx.lang, 'pulse.time'), x + padL + pw - 60, y + ph + 3, {
    size: 6.5,
    color: THEME.muted,
    width: 60,
    align: 'right',
  });
}
