import type { ReportLanguage } from '@tcm/contract';
import { createDoc, drawText, toBytes, type Ctx } from './layout/page.js';
import { PAGE, THEME } from './layout/theme.js';
import { colon, label } from './labels.js';

/** What a completion certificate states (the training module's passed exam). */
export interface CertificateModel {
  lang: ReportLanguage;
  organisation: string;
  /** The learner's name as the account holds it. */
  name: string;
  course: string;
  score: number;
  passScore: number;
  /** Already formatted in the reader's language (the server's reader-format). */
  date: string;
  certificateId: string;
}

/** One A4 page: title, the learner, the course, the score and pass mark, date and number. */
export async function renderCertificate(m: CertificateModel): Promise<Buffer> {
  const t = (k: string, v?: Record<string, string | number>) => label(m.lang, k, v);
  const doc = createDoc(m.lang, t('certificate.title'), m.organisation);
  const ctx: Ctx = { doc, lang: m.lang, y: 0 };
  const w = PAGE.content;
  doc
    .rect(24, 24, PAGE.width - 48, PAGE.height - 48)
    .lineWidth(3)
    .strokeColor(THEME.primary)
    .stroke();
  doc
    .rect(32, 32, PAGE.width - 64, PAGE.height - 64)
    .lineWidth(0.8)
    .strokeColor(THEME.border)
    .stroke();
  const center = (text: string, y: number, size: number, bold = false, color: string = THEME.text) =>
    drawText(ctx, text, PAGE.left, y, { size, font: bold ? 'B' : 'R', color, width: w, align: 'center' });
  center(m.organisation, 110, 12, false, THEME.muted);
  center(t('certificate.title'), 160, 24, true, THEME.primaryDark);
  center(t('certificate.awarded'), 270, 13);
  center(m.name, 305, 26, true);
  center(t('certificate.completed'), 370, 13);
  center(m.course, 400, 18, true, THEME.primaryDark);
  center(t('certificate.passed', { score: m.score, pass: m.passScore }), 450, 13);
  center(`${t('certificate.date')}${colon(m.lang)}${m.date}`, 620, 11, false, THEME.muted);
  center(`${t('certificate.id')}${colon(m.lang)}${m.certificateId}`, 640, 11, false, THEME.muted);
  return toBytes(doc);
}
