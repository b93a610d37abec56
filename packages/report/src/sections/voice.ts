import type { HealthReport } from '@tcm/contract';
import { paragraph, sectionTitle, versionLine, type Ctx } from '../layout/page.js';
import { drawVerdict } from '../layout/verdict.js';
import { formatRange } from './format.js';
import { drawMeasureTable } from './measure-table.js';

/** Voice: measures with reference ranges, then the reading with its evidence. */
export function drawVoice(ctx: Ctx, s: NonNullable<HealthReport['voice']>): void {
  sectionTitle(ctx, 'section.voice');
  if (s.measures.length)
    drawMeasureTable(
      ctx,
      ['col.measure', 2],
      ['col.reference', 1.4],
      s.measures.map((m) => ({ ...m, own: formatRange(m.reference) })),
    );
  if (s.reading) drawVerdict(ctx, 'voice.reading', s.reading);
  if (s.summary) paragraph(ctx, s.summary, { size: 9 });
  versionLine(ctx, s.version);
}
