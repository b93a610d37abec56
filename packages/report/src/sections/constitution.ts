import type { HealthReport } from '@tcm/contract';
import { drawText, paragraph, sectionTitle, versionLine, type Ctx } from '../layout/page.js';
import { drawTable, scoreBar } from '../layout/table.js';
import { PAGE, THEME } from '../layout/theme.js';
import { drawRadar } from '../charts/radar.js';
import { label } from '../labels.js';

const CHART_W = 230;
const CHART_H = 215;
/** The standard's "yes" threshold for a biased type (transformed score). */
const YES_THRESHOLD = 40;

/** Constitution: radar chart of the nine transformed scores beside the table of verdicts. */
export function drawConstitution(ctx: Ctx, s: NonNullable<HealthReport['constitution']>): void {
  const t = (k: string) => label(ctx.lang, k);
  sectionTitle(ctx, 'section.constitution', CHART_H + 10);
  const top = ctx.y;
  const axes = s.scores.map((sc) => ({ label: t(`constitution.type.${sc.type}`), value: sc.score }));
  drawRadar(ctx, PAGE.left + CHART_W / 2, top + CHART_H / 2 + 2, 66, axes, 100, YES_THRESHOLD, [
    PAGE.left,
    PAGE.left + CHART_W,
  ]);
  drawText(ctx, t('constitution.standard'), PAGE.left, top + CHART_H - 8, {
    size: 6.5,
    color: THEME.muted,
    width: CHART_W,
    align: 'center',
  });
  const x = PAGE.left + CHART_W + 10;
  const verdictColor = {
    yes: THEME.risk.high,
    basically_yes: THEME.risk.low,
    tendency: THEME.risk.medium,
    no: THEME.muted,
  };
  drawTable(
    ctx,
    [
      { header: t('col.type'), share: 1.3 },
      { header: t('col.score'), share: 1.6 },
      { header: t('col.verdict'), share: 1, align: 'center' },
    ],
    [...s.scores]
      .sort((a, b) => b.score - a.score)
      .map((sc) => {
        // For the balanced type "yes" is the good outcome; for biased types it flags a tendency to watch.
        const color = sc.type === 'balanced' && sc.verdict !== 'no' ? THEME.risk.low : verdictColor[sc.verdict];
        return [
          t(`constitution.type.${sc.type}`),
          scoreBar(sc.score),
          { text: t(`constitution.verdict.${sc.verdict}`), bold: sc.verdict !== 'no', color },
        ];
      }),
    { x, width: PAGE.right - x },
  );
  ctx.y = Math.max(ctx.y, top + CHART_H);
  if (s.summary) paragraph(ctx, s.summary, { size: 9.5, font: 'B', color: THEME.primaryDark });
  versionLine(ctx, s.version);
}
