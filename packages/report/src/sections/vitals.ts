import type { HealthReport } from '@tcm/contract';
import { paragraph, sectionTitle, versionLine, type Ctx } from '../layout/page.js';
import { drawTable, riskBadge } from '../layout/table.js';
import { THEME } from '../layout/theme.js';
import { colon, label } from '../labels.js';
import { formatRange } from './format.js';

/** Vitals table: indicator, value (colored when not low risk), unit, reference range, risk badge, reason. */
export function drawVitals(ctx: Ctx, v: NonNullable<HealthReport['vitals']>): void {
  const t = (k: string) => label(ctx.lang, k);
  sectionTitle(ctx, 'section.vitals');
  drawTable(
    ctx,
    [
      { header: t('col.indicator'), share: 2.3 },
      { header: t('col.value'), share: 1.1, align: 'right' },
      { header: t('col.unit'), share: 1 },
      { header: t('col.reference'), share: 1.3 },
      { header: t('col.risk'), share: 0.9, align: 'center' },
      { header: t('col.reason'), share: 3.4 },
    ],
    v.rows.map((r) => [
      t(r.indicator),
      { text: String(r.value), bold: true, color: r.risk === 'low' ? THEME.text : THEME.risk[r.risk] },
      r.unit,
      formatRange(r.reference),
      riskBadge(r.risk),
      r.reason ?? '',
    ]),
  );
  if (v.source) paragraph(ctx, `${t('vitals.source')}${colon(ctx.lang)}${v.source}`, { size: 7, color: THEME.muted });
  versionLine(ctx, v.version);
}
