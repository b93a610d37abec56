import type { HealthReport } from '@tcm/contract';
import { paragraph, sectionTitle, versionLine, type Ctx } from '../layout/page.js';
import { drawTable, scoreBar } from '../layout/table.js';
import { label } from '../labels.js';

/** Syndrome patterns: score bar, confidence (%) and the evidence behind each, best first. */
export function drawSyndromes(ctx: Ctx, s: NonNullable<HealthReport['syndromes']>): void {
  const t = (k: string) => label(ctx.lang, k);
  // Keep the title with the first two patterns: their evidence lists make rows tall.
  sectionTitle(ctx, 'section.syndromes', 120);
  drawTable(
    ctx,
    [
      { header: t('col.pattern'), share: 1.7 },
      { header: t('col.score'), share: 1.3 },
      { header: t('col.confidence'), share: 0.8, align: 'right' },
      { header: t('col.evidence'), share: 3.2 },
    ],
    [...s.patterns]
      .sort((a, b) => b.score - a.score)
      .map((p) => [
        { text: t(p.name), bold: true },
        scoreBar(p.score),
        `${Math.round(p.confidence * 100)} %`,
        p.evidence.map((e) => `• ${e}`).join('\n'),
      ]),
  );
  if (s.summary) paragraph(ctx, s.summary, { size: 9 });
  versionLine(ctx, s.version);
}
