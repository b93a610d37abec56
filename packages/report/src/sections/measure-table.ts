import type { Ctx } from '../layout/page.js';
import { drawTable } from '../layout/table.js';
import { label } from '../labels.js';

/** A column by its label key and its share of the table width. */
type ColumnOf = readonly [labelKey: string, share: number];

/**
 * The table of a section's measured values (pulse parameters, voice measures): the measure's
 * label, its value in bold, its unit, then one column of the section's own (evidence, reference).
 */
export function drawMeasureTable(
  ctx: Ctx,
  [nameKey, nameShare]: ColumnOf,
  [ownKey, ownShare]: ColumnOf,
  rows: { name: string; value: string; unit: string; own: string }[],
): void {
  const t = (k: string) => label(ctx.lang, k);
  drawTable(
    ctx,
    [
      { header: t(nameKey), share: nameShare },
      { header: t('col.value'), share: 1, align: 'right' },
      { header: t('col.unit'), share: 0.8 },
      { header: t(ownKey), share: ownShare },
    ],
    rows.map((m) => [t(m.name), { text: m.value, bold: true }, m.unit, m.own]),
  );
}
