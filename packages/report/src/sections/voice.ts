import type { HealthReport } from '@tcm/contract';
import { paragraph, sectionTitle, versionLine, type Ctx } from '../layout/page.js';
import { drawTable } from '../layout/table.js';
import { drawVerdict } from '../layout/verdict.js';
import { label } from '../labels.js';
import { formatRange } from './format.js';

/** Voice: measures with reference ranges, then the reading with its evidence. */
export function drawVoice(ctx: Ctx, s: NonNullable<HealthReport['voice']>): void {
  const t = (k: string) => label(ctx.lang, k);
  sectionTitle(ctx, 'section.voice');
  if (s.measures.length) {
    drawTable(
      ctx,
      [
        { header: t('col.measure'), share: 2 },
        { header: t('col.value'), share: 1, align: 'right' },
        { header: t('col.unit'), share: 0.8 },
        { header: t('col.reference'), share: 1.4 },
      ],
      s.measures.map((m) => [t(m.name), { text: m.value, bold: true }, m.unit, formatRange(m.reference)]),
    );
  }
  if (s.reading) drawVerdict(ctx, 'voice.reading', s.reading);
  if (s.summary) paragraph(ctx, s.summary, { size: 9 });
  versionLine(ctx, s.version);
}
