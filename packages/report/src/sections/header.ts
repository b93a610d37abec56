import type { z } from 'zod';
import { formatIsoDate, type reportHeaderSchema } from '@tcm/contract';
import { drawText, type Ctx } from '../layout/page.js';
import { PAGE, THEME } from '../layout/theme.js';
import { colon, label } from '../labels.js';

type Header = z.infer<typeof reportHeaderSchema>;

/** Person fields of the header as [label, value] pairs, in the report's language. */
export function personFields(ctx: Ctx, h: Header): [string, string][] {
  const t = (k: string, v?: Record<string, string | number>) => label(ctx.lang, k, v);
  const fields: [string, string][] = [[t('header.name'), h.person.name]];
  if (h.person.sex) fields.push([t('header.sex'), t(`sex.${h.person.sex}`)]);
  if (h.person.age !== undefined) fields.push([t('header.age'), t('age.years', { n: h.person.age })]);
  if (h.person.id) fields.push([t('header.personId'), h.person.id]);
  fields.push([t('header.date'), formatIsoDate(h.date, ctx.lang)], [t('header.reportId'), h.reportId]);
  return fields;
}

/** First-page band: organisation, title and a subtitle on the brand color, then a grid of person fields. */
export function drawHeaderBand(
  ctx: Ctx,
  h: Header,
  titleKey: string,
  subtitle: string,
  fields: [string, string][],
): void {
  const { doc } = ctx;
  doc.rect(0, 0, PAGE.width, 74).fill(THEME.primary);
  doc.rect(0, 74, PAGE.width, 3).fill(THEME.primaryDark);
  drawText(ctx, h.organisation, PAGE.left, 18, { size: 10, color: '#D8ECEE', width: PAGE.content });
  drawText(ctx, h.title ?? label(ctx.lang, titleKey), PAGE.left, 34, {
    size: 19,
    font: 'B',
    color: '#FFFFFF',
    width: PAGE.content - 130,
  });
  drawText(ctx, subtitle, PAGE.right - 160, 44, { size: 8.5, color: '#D8ECEE', width: 160, align: 'right' });

  const cols = 3;
  const cellW = PAGE.content / cols;
  const rows = Math.ceil(fields.length / cols);
  const top = 88;
  doc
    .roundedRect(PAGE.left, top, PAGE.content, rows * 22 + 8, 4)
    .lineWidth(0.6)
    .strokeColor(THEME.border)
    .stroke();
  fields.forEach(([k, v], i) => {
    const x = PAGE.left + 10 + (i % cols) * cellW;
    const y = top + 8 + Math.floor(i / cols) * 22;
    drawText(ctx, `${k}${colon(ctx.lang).trim()}`, x, y, { size: 8, color: THEME.muted, width: 60 });
    drawText(ctx, v, x + 58, y - 1, { size: 9.5, font: 'B', width: cellW - 72, lineGap: 0 });
  });
  ctx.y = top + rows * 22 + 18;
}
