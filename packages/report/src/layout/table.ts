import type { RiskLevel } from '@tcm/contract';
import { label } from '../labels.js';
import { drawText, ensureSpace, textHeight, type Ctx } from './page.js';
import { PAGE, THEME } from './theme.js';

export interface Column {
  header: string;
  /** Share of the table width; shares are normalized. */
  share: number;
  align?: 'left' | 'center' | 'right';
}

/** A cell that draws itself (badge, bar) in a box of the given height. */
export interface DrawnCell {
  height: number;
  draw(ctx: Ctx, x: number, y: number, width: number): void;
}
export type Cell = string | { text: string; color?: string; bold?: boolean } | DrawnCell;

const PAD_X = 5;
const PAD_Y = 4;
const SIZE = 8.5;
/** Longer cell text is cut with an ellipsis: a row must fit on one page. */
const MAX_CELL_H = 300;

const isDrawn = (c: Cell): c is DrawnCell => typeof c === 'object' && 'draw' in c;
const cellText = (c: Cell): string => (typeof c === 'string' ? c : isDrawn(c) ? '' : c.text);

function cellHeight(ctx: Ctx, c: Cell, width: number): number {
  if (isDrawn(c)) return c.height;
  const bold = typeof c === 'object' && c.bold;
  return Math.min(
    MAX_CELL_H,
    textHeight(ctx, cellText(c), { width: width - 2 * PAD_X, size: SIZE, font: bold ? 'B' : 'R' }),
  );
}

/**
 * Draws a table across `width` pt (default: the content width) at the cursor. Rows never split;
 * when a row does not fit, the page breaks and the header row is repeated.
 */
export function drawTable(
  ctx: Ctx,
  columns: Column[],
  rows: Cell[][],
  opts: { x?: number; width?: number } = {},
): void {
  const x0 = opts.x ?? PAGE.left;
  const total = opts.width ?? PAGE.content;
  const shareSum = columns.reduce((s, c) => s + c.share, 0);
  const widths = columns.map((c) => (c.share / shareSum) * total);
  const headerH =
    Math.max(
      ...columns.map((c, i) => textHeight(ctx, c.header, { width: widths[i]! - 2 * PAD_X, size: SIZE, font: 'B' })),
    ) +
    2 * PAD_Y;

  const header = () => {
    ctx.doc.rect(x0, ctx.y, total, headerH).fill(THEME.primary);
    let x = x0;
    columns.forEach((c, i) => {
      drawText(ctx, c.header, x + PAD_X, ctx.y + PAD_Y, {
        width: widths[i]! - 2 * PAD_X,
        size: SIZE,
        font: 'B',
        color: '#FFFFFF',
        align: c.align,
      });
      x += widths[i]!;
    });
    ctx.y += headerH;
  };

  const heights = rows.map((row) => Math.max(...row.map((c, i) => cellHeight(ctx, c, widths[i]!))) + 2 * PAD_Y);
  // Widow and orphan control for the first page break: never one row alone on either side.
  const startNew = ctx.y + headerH + (heights[0] ?? 0) + (heights[1] ?? 0) > PAGE.bottom;
  ensureSpace(ctx, startNew ? PAGE.bottom : 0);
  let fit = 0;
  for (let y = ctx.y + headerH; fit < rows.length && y + heights[fit]! <= PAGE.bottom; fit++) y += heights[fit]!;
  const forcedBreak = rows.length - fit === 1 && fit >= 3 ? fit - 1 : -1;
  header();
  rows.forEach((row, r) => {
    const h = heights[r]!;
    if (ctx.y + h > PAGE.bottom || r === forcedBreak) {
      ensureSpace(ctx, PAGE.bottom);
      header();
    }
    if (r % 2 === 1) ctx.doc.rect(x0, ctx.y, total, h).fill(THEME.zebra);
    let x = x0;
    row.forEach((c, i) => {
      const w = widths[i]!;
      if (isDrawn(c)) c.draw(ctx, x + PAD_X, ctx.y + PAD_Y, w - 2 * PAD_X);
      else {
        const o = typeof c === 'object' ? c : { text: c };
        drawText(ctx, o.text, x + PAD_X, ctx.y + PAD_Y, {
          width: w - 2 * PAD_X,
          size: SIZE,
          font: o.bold ? 'B' : 'R',
          color: o.color,
          align: columns[i]?.align,
          height: h - 2 * PAD_Y + 1,
        });
      }
      x += w;
    });
    ctx.y += h;
    ctx.doc
      .moveTo(x0, ctx.y)
      .lineTo(x0 + total, ctx.y)
      .lineWidth(0.4)
      .strokeColor(THEME.border)
      .stroke();
  });
  ctx.y += 6;
}

/** A colored pill naming the risk level (green low, amber medium, red high). */
export function riskBadge(risk: RiskLevel): DrawnCell {
  return {
    height: 12,
    draw(ctx, x, y, width) {
      const w = Math.min(width, 42);
      const bx = x + (width - w) / 2;
      ctx.doc.roundedRect(bx, y, w, 12, 6).fill(THEME.risk[risk]);
      drawText(ctx, label(ctx.lang, `risk.${risk}`), bx, y + 1.5, {
        width: w,
        size: 7.5,
        font: 'B',
        color: '#FFFFFF',
        align: 'center',
      });
    },
  };
}

/** A 0-100 bar with its number, for scores inside a table. */
export function scoreBar(value: number, max = 100, color: string = THEME.primary): DrawnCell {
  return {
    height: 11,
    draw(ctx, x, y, width) {
      const barW = Math.max(10, width - 30);
      ctx.doc.roundedRect(x, y + 2, barW, 7, 3.5).fill(THEME.chart.grid);
      ctx.doc.roundedRect(x, y + 2, Math.max(3, (barW * Math.min(value, max)) / max), 7, 3.5).fill(color);
      drawText(ctx, value.toFixed(0), x + barW + 4, y, { size: 8, width: 26 });
    },
  };
}
