import type { HealthReport } from '@tcm/contract';
import { drawText, ensureSpace, paragraph, sectionTitle, versionLine, type Ctx } from '../layout/page.js';
import { drawVerdict } from '../layout/verdict.js';
import { PAGE, THEME } from '../layout/theme.js';
import { drawWaveform } from '../charts/waveform.js';
import { label } from '../labels.js';
import { drawMeasureTable } from './measure-table.js';

const WAVE_H = 110;

/** Pulse: waveform chart, pulse class with its evidence, then the parameter table. */
export function drawPulse(ctx: Ctx, s: NonNullable<HealthReport['pulse']>): void {
  const t = (k: string) => label(ctx.lang, k);
  sectionTitle(ctx, 'section.pulse', s.waveform ? WAVE_H + 16 : 60);
  if (s.waveform) {
    drawText(ctx, t('pulse.waveform'), PAGE.left, ctx.y, { size: 8.5, font: 'B', color: THEME.primaryDark });
    ctx.y += 13;
    drawWaveform(ctx, PAGE.left, ctx.y, PAGE.content, WAVE_H, s.waveform.samples, s.waveform.rateHz, s.waveform.peaks);
    ctx.y += WAVE_H + 8;
  }
  if (s.pulseClass) drawVerdict(ctx, 'pulse.class', s.pulseClass);
  if (s.parameters.length)
    drawMeasureTable(
      ctx,
      ['col.parameter', 1.6],
      ['col.evidence', 3.4],
      s.parameters.map((p) => ({ ...p, own: p.evidence ?? '' })),
    );
  if (s.summary) paragraph(ctx, s.summary, { size: 9 });
  ensureSpace(ctx, 4);
  versionLine(ctx, s.version);
}
