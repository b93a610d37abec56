import { formatPercent, type FindingRow } from '@tcm/contract';
import type { Ctx } from '../layout/page.js';
import { drawTable } from '../layout/table.js';
import { label } from '../labels.js';

/** Feature / value / evidence table shared by the tongue and face sections, at x with width pt. */
export function drawFindings(ctx: Ctx, rows: FindingRow[], x: number, width: number): void {
  if (!rows.length) return;
  const t = (k: string) => label(ctx.lang, k);
  drawTable(
    ctx,
    [
      { header: t('col.feature'), share: 1.2 },
      { header: t('col.value'), share: 1.2 },
      { header: t('col.evidence'), share: 2.6 },
    ],
    // The label with the model's probability for it, as the result page shows it.
    rows.map((f) => [
      t(f.name),
      {
        text: f.probability === undefined ? t(f.value) : `${t(f.value)} ${formatPercent(f.probability, ctx.lang)}`,
        bold: true,
      },
      f.evidence ?? '',
    ]),
    { x, width },
  );
}
