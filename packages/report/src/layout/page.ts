import PDFDocument from 'pdfkit';
import type { EngineVersion, ReportLanguage } from '@tcm/contract';
import { loadFonts } from '../font.js';
import { colon, label } from '../labels.js';
import { measuredHeight, shareLayouts } from './layout-cache.js';
import { PAGE, THEME } from './theme.js';

export type Doc = PDFKit.PDFDocument;
export type FontName = 'R' | 'B';

/** Drawing state shared by every section: the document, the language and the cursor (pt). */
export interface Ctx {
  doc: Doc;
  lang: ReportLanguage;
  y: number;
}

/** A4 document with the embedded fonts registered as 'R' (regular) and 'B' (bold). */
export function createDoc(lang: ReportLanguage, title: string, author: string): Doc {
  const fonts = loadFonts();
  // bufferPages: page numbers ("page p of n") are written once every page exists.
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.top, bottom: PAGE.height - PAGE.bottom, left: PAGE.left, right: PAGE.width - PAGE.right },
    bufferPages: true,
    lang: lang === 'zh' ? 'zh-CN' : 'en',
    displayTitle: true,
    info: { Title: title, Author: author, Subject: title, Creator: '@tcm/report', Producer: '@tcm/report (pdfkit)' },
  });
  // pdfkit accepts a parsed fontkit font where its types only list paths and buffers.
  doc.registerFont('R', fonts.regular as unknown as Buffer);
  doc.registerFont('B', fonts.bold as unknown as Buffer);
  // Both weights measure their words through the process-wide cache (layout-cache.ts). Opened in
  // the order the pages first use them, so the font names in the PDF stay F2 and F3; a weight a
  // document never draws with is still not embedded (pdfkit embeds only fonts a page used).
  doc.font('R');
  shareLayouts(doc, fonts.regular);
  doc.font('B');
  shareLayouts(doc, fonts.bold);
  doc.font('R');
  return doc;
}

/** Collects the document's bytes once `end()` has been called. */
export function toBytes(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export interface TextOpts {
  width?: number;
  size?: number;
  font?: FontName;
  color?: string;
  align?: 'left' | 'center' | 'right';
  lineGap?: number;
  /** Clip to this height (pt) with an ellipsis, so overlong text never runs past its box. */
  height?: number;
}

/**
 * Height (pt) that `text` takes when wrapped to `width`. With a width it depends on nothing else
 * (not the cursor, not the page), so it is measured once per process (layout-cache.ts); without
 * one pdfkit wraps at the right margin from the cursor, which is measured every time.
 */
export function textHeight(ctx: Ctx, text: string, o: TextOpts): number {
  const font = o.font ?? 'R';
  const size = o.size ?? 9;
  const lineGap = o.lineGap ?? 1;
  ctx.doc.font(font).fontSize(size);
  const measure = () => ctx.doc.heightOfString(text, { width: o.width, lineGap });
  return o.width === undefined ? measure() : measuredHeight(font, size, o.width, lineGap, text, measure);
}

// The CJK font draws curly quotes full-width, which gapes inside English words ("Job’ s").
const asciiQuotes = (s: string) => s.replace(/[\u2018\u2019]/g, "'").replace(/[\u201C\u201D]/g, '"');

/** Writes text at a fixed place; callers reserve the space first, so pdfkit never breaks pages itself. */
export function drawText(ctx: Ctx, raw: string, x: number, y: number, o: TextOpts = {}): void {
  const text = ctx.lang === 'en' ? asciiQuotes(raw) : raw;
  ctx.doc
    .font(o.font ?? 'R')
    .fontSize(o.size ?? 9)
    .fillColor(o.color ?? THEME.text)
    .text(text, x, y, {
      width: o.width,
      align: o.align ?? 'left',
      lineGap: o.lineGap ?? 1,
      lineBreak: o.width !== undefined,
      ...(o.height !== undefined ? { height: o.height, ellipsis: true } : {}),
    });
}

/** Starts a new page when fewer than `height` pt remain. */
export function ensureSpace(ctx: Ctx, height: number): void {
  if (ctx.y + height > PAGE.bottom) {
    ctx.doc.addPage();
    ctx.y = PAGE.top;
  }
}

/**
 * Section heading band; `keep` reserves room for the first content so a title never ends a
 * page. `compact` is the tighter form used by the one-page medical record.
 */
export function sectionTitle(ctx: Ctx, key: string, keep = 60, compact = false): void {
  const band = compact ? 18 : 20;
  ctx.y += compact ? 4 : 8;
  ensureSpace(ctx, band + 4 + keep);
  const { doc } = ctx;
  doc.rect(PAGE.left, ctx.y, PAGE.content, band).fill(THEME.primaryLight);
  doc.rect(PAGE.left, ctx.y, 4, band).fill(THEME.primary);
  drawText(ctx, label(ctx.lang, key), PAGE.left + 12, ctx.y + (band - 12) / 2, {
    size: compact ? 10.5 : 11,
    font: 'B',
    color: THEME.primaryDark,
  });
  ctx.y += band + (compact ? 6 : 8);
}

/** Small grey line naming the engine and model versions behind a section. */
export function versionLine(ctx: Ctx, version: EngineVersion | undefined): void {
  if (!version) return;
  const parts = [`${label(ctx.lang, 'version.engine')}${colon(ctx.lang)}${version.engine}`];
  if (version.model) parts.push(`${label(ctx.lang, 'version.model')}${colon(ctx.lang)}${version.model}`);
  ensureSpace(ctx, 12);
  drawText(ctx, parts.join('   ·   '), PAGE.left, ctx.y, {
    size: 7,
    color: THEME.muted,
    width: PAGE.content,
    align: 'right',
  });
  ctx.y += 11;
}

/** A paragraph across the content width, page-breaking between lines' blocks when needed. */
export function paragraph(ctx: Ctx, text: string, o: TextOpts & { indent?: number } = {}): void {
  const x = PAGE.left + (o.indent ?? 0);
  const width = o.width ?? PAGE.content - (o.indent ?? 0);
  const h = textHeight(ctx, text, { ...o, width });
  ensureSpace(ctx, Math.min(h, 120));
  if (ctx.y + h > PAGE.bottom) {
    // Longer than what is left: let pdfkit flow it across the page break, then follow it.
    ctx.doc
      .font(o.font ?? 'R')
      .fontSize(o.size ?? 9)
      .fillColor(o.color ?? THEME.text);
    ctx.doc.text(text, x, ctx.y, { width, lineGap: o.lineGap ?? 1 });
    ctx.y = ctx.doc.y;
  } else {
    drawText(ctx, text, x, ctx.y, { ...o, width });
    ctx.y += h;
  }
}

/** Writes the running header (pages 2+) and the footer with page numbers on every page. */
export function finishPages(
  ctx: Ctx,
  runningTitle: string,
  footerLeft: string,
  withNote: boolean,
  orgFooter?: string,
): void {
  const note = [withNote ? label(ctx.lang, 'footer.note') : '', orgFooter?.trim() ?? ''].filter(Boolean).join('  ·  ');
  const { doc } = ctx;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Footer text sits in the bottom margin; a zero margin stops pdfkit adding a page for it.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (i > range.start) {
      drawText(ctx, runningTitle, PAGE.left, 26, { size: 7.5, color: THEME.muted, width: PAGE.content });
      doc.moveTo(PAGE.left, 40).lineTo(PAGE.right, 40).lineWidth(0.5).strokeColor(THEME.border).stroke();
    }
    doc
      .moveTo(PAGE.left, PAGE.bottom + 14)
      .lineTo(PAGE.right, PAGE.bottom + 14)
      .lineWidth(0.5)
      .strokeColor(THEME.border)
      .stroke();
    const y = PAGE.bottom + 19;
    drawText(ctx, footerLeft, PAGE.left, y, { size: 7.5, color: THEME.muted });
    const pageText = label(ctx.lang, 'page.of', { p: i - range.start + 1, n: range.count });
    drawText(ctx, pageText, PAGE.right - 150, y, { size: 7.5, color: THEME.muted, width: 150, align: 'right' });
    if (note)
      drawText(ctx, note, PAGE.left, y + 11, {
        size: 7,
        color: THEME.muted,
        width: PAGE.content,
        align: 'center',
      });
    doc.page.margins.bottom = saved;
  }
}
