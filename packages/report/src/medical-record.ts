import { formatIsoDate, type MedicalRecord } from '@tcm/contract';
import {
  createDoc,
  drawText,
  ensureSpace,
  finishPages,
  sectionTitle,
  textHeight,
  toBytes,
  type Ctx,
} from './layout/page.js';
import { PAGE, THEME } from './layout/theme.js';
import { colon, label } from './labels.js';
import { drawHeaderBand, personFields } from './sections/header.js';

// English labels ("Treatment principle") need a wider column than two-character Chinese ones.
const labelWidth = (ctx: Ctx) => (ctx.lang === 'en' ? 112 : 92);

/** One form line: a bold label on the left, the wrapped value beside it, a hairline below. */
function field(ctx: Ctx, key: string, value: string | undefined): void {
  if (!value) return;
  const LABEL_W = labelWidth(ctx);
  const w = PAGE.content - LABEL_W;
  const h = Math.max(12, textHeight(ctx, value, { width: w, size: 9.5, lineGap: 1.5 })) + 6;
  ensureSpace(ctx, h);
  drawText(ctx, label(ctx.lang, key), PAGE.left + 4, ctx.y + 4, {
    size: 9.5,
    font: 'B',
    color: THEME.primaryDark,
    width: LABEL_W - 8,
  });
  drawText(ctx, value, PAGE.left + LABEL_W, ctx.y + 4, { size: 9.5, width: w, lineGap: 1.5 });
  ctx.y += h;
  ctx.doc.moveTo(PAGE.left, ctx.y).lineTo(PAGE.right, ctx.y).lineWidth(0.4).strokeColor(THEME.border).stroke();
}

/** Herb grid: four herbs per row, dose in g, special handling in small type. */
function prescription(ctx: Ctx, p: NonNullable<MedicalRecord['prescription']>): void {
  const t = (k: string, v?: Record<string, number>) => label(ctx.lang, k, v);
  sectionTitle(ctx, 'record.prescription', 80, true);
  if (p.name) {
    drawText(ctx, `${p.name}   ${t('record.doses', { n: p.doses })}`, PAGE.left + 4, ctx.y, { size: 10.5, font: 'B' });
    ctx.y += 18;
  }
  const cols = 4;
  const cellW = PAGE.content / cols;
  const rowH = 20;
  const rows = Math.ceil(p.herbs.length / cols);
  ensureSpace(ctx, rows * rowH + 10);
  ctx.doc.roundedRect(PAGE.left, ctx.y, PAGE.content, rows * rowH + 8, 4).fill('#FBF8F1');
  p.herbs.forEach((h, i) => {
    const x = PAGE.left + 10 + (i % cols) * cellW;
    const y = ctx.y + 8 + Math.floor(i / cols) * rowH;
    drawText(ctx, h.name, x, y, { size: 10.5, font: 'B', width: cellW * 0.45 });
    const dose = `${h.doseG} ${h.unit ?? 'g'}`;
    drawText(ctx, dose, x + cellW * 0.46, y + 1.5, { size: 9.5 });
    const doseW = ctx.doc.widthOfString(dose);
    if (h.note)
      drawText(ctx, ctx.lang === 'zh' ? `（${h.note}）` : `(${h.note})`, x + cellW * 0.46 + doseW + 3, y + 2.5, {
        size: 7.5,
        color: THEME.risk.high,
      });
  });
  ctx.y += rows * rowH + 14;
  if (!p.name) field(ctx, 'record.prescription', t('record.doses', { n: p.doses }));
  field(ctx, 'record.preparation', p.preparation);
  field(ctx, 'record.usage', p.usage);
  safetyBlock(ctx, p);
}

/**
 * The prescription's safety warnings and the doctor's acknowledgement, right under the herbs
 * (issue 32): a pharmacist reading the paper must meet them before dispensing.
 */
function safetyBlock(ctx: Ctx, p: NonNullable<MedicalRecord['prescription']>): void {
  if (!p.warnings.length && !p.acknowledgement) return;
  const w = PAGE.content - labelWidth(ctx);
  const lines = p.warnings.map((x, i) => `${i + 1}. ${x}`).join('\n');
  if (lines) {
    const h = textHeight(ctx, lines, { width: w, size: 9.5, lineGap: 1.5 }) + 8;
    ensureSpace(ctx, h);
    drawText(ctx, label(ctx.lang, 'record.warnings'), PAGE.left + 4, ctx.y + 4, {
      size: 9.5,
      font: 'B',
      color: THEME.risk.high,
      width: labelWidth(ctx) - 8,
    });
    drawText(ctx, lines, PAGE.left + labelWidth(ctx), ctx.y + 4, {
      size: 9.5,
      width: w,
      lineGap: 1.5,
      color: THEME.risk.high,
    });
    ctx.y += h;
  }
  const a = p.acknowledgement;
  if (a) field(ctx, 'record.acknowledged', label(ctx.lang, 'record.ackLine', { by: a.by, at: a.at, reason: a.reason }));
}

/** Renders a validated medical-record model (case archive) to PDF bytes. */
export async function renderMedicalRecord(m: MedicalRecord): Promise<Buffer> {
  const lang = m.header.language;
  const t = (k: string, v?: Record<string, string | number>) => label(lang, k, v);
  const title = m.header.title ?? t('record.title');
  const doc = createDoc(lang, `${title} ${m.header.reportId}`, m.header.organisation);
  const ctx: Ctx = { doc, lang, y: 0 };
  const fields = personFields(ctx, m.header);
  const visitNo = m.visit.number ? t('record.visitNumber', { n: m.visit.number }) : '';
  const visit =
    t(`record.visit.${m.visit.type}`) + (visitNo ? (lang === 'zh' ? `（${visitNo}）` : ` (${visitNo})`) : '');
  fields.splice(fields.length - 2, 0, [t('header.visit'), visit]);
  if (m.header.department) fields.splice(fields.length - 2, 0, [t('header.department'), m.header.department]);
  drawHeaderBand(
    ctx,
    m.header,
    'record.title',
    lang === 'zh' ? 'TCM Outpatient Medical Record' : '中医门诊病历',
    fields,
  );

  sectionTitle(ctx, 'record.historySection', 40, true);
  field(ctx, 'record.chiefComplaint', m.chiefComplaint);
  field(ctx, 'record.presentIllness', m.presentIllness);
  field(ctx, 'record.history', m.history);
  const fd = m.fourDiagnosis;
  if (fd.inspection || fd.listening || fd.inquiry || fd.palpation) {
    sectionTitle(ctx, 'record.fourDiagnosis', 40, true);
    field(ctx, 'record.inspection', fd.inspection);
    field(ctx, 'record.listening', fd.listening);
    field(ctx, 'record.inquiry', fd.inquiry);
    field(ctx, 'record.palpation', fd.palpation);
  }
  sectionTitle(ctx, 'record.diagnosis', 40, true);
  field(ctx, 'record.tcmDisease', m.diagnosis.tcmDisease);
  field(ctx, 'record.tcmSyndrome', m.diagnosis.tcmSyndrome);
  field(ctx, 'record.western', m.diagnosis.western.map((d, i) => `${i + 1}. ${d}`).join('\n') || undefined);
  field(ctx, 'record.treatmentPrinciple', m.treatmentPrinciple);
  if (m.prescription) prescription(ctx, m.prescription);
  field(ctx, 'record.advice', m.advice);

  // Signature block, right-aligned, kept together.
  ctx.y += 10;
  ensureSpace(ctx, 30);
  const x = PAGE.right - 250;
  const who = [m.doctor.name, m.doctor.title].filter(Boolean).join('  ');
  drawText(ctx, `${t('record.doctor')}${colon(lang)}${who}`, x, ctx.y, { size: 10, font: 'B', width: 250 });
  ctx.y += 15;
  const signed = formatIsoDate(m.doctor.signedAt ?? m.header.date, lang);
  drawText(
    ctx,
    `${t('record.signature')}${colon(lang)}____________    ${t('record.signedAt')}${colon(lang)}${signed}`,
    x,
    ctx.y,
    { size: 9, width: 250 },
  );
  ctx.y += 14;

  finishPages(
    ctx,
    `${title} · ${m.header.person.name} · ${formatIsoDate(m.header.date, lang)}`,
    `${m.header.organisation} · ${m.header.reportId}`,
    false,
  );
  return toBytes(doc);
}
