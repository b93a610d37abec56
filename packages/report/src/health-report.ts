import { formatIsoDate, type HealthReport } from '@tcm/contract';
import { createDoc, finishPages, toBytes, type Ctx } from './layout/page.js';
import { label } from './labels.js';
import { drawHeaderBand, personFields } from './sections/header.js';
import { drawVitals } from './sections/vitals.js';
import { drawTongue } from './sections/tongue.js';
import { drawFace } from './sections/face.js';
import { drawPulse } from './sections/pulse.js';
import { drawVoice } from './sections/voice.js';
import { drawConstitution } from './sections/constitution.js';
import { drawSyndromes } from './sections/syndromes.js';
import { drawAdvice } from './sections/advice.js';
import { drawTrends } from './sections/trends.js';
import { disclaimerHeight, drawDisclaimer } from './sections/disclaimer.js';
import { drawMissing } from './sections/missing.js';

/** Renders a validated health report model to PDF bytes (A4, fonts embedded as subsets). */
export async function renderHealthReport(m: HealthReport): Promise<Buffer> {
  const lang = m.header.language;
  const title = m.header.title ?? label(lang, 'report.title');
  const doc = createDoc(lang, `${title} ${m.header.reportId}`, m.header.organisation);
  const ctx: Ctx = { doc, lang, y: 0 };
  const subtitle = lang === 'zh' ? 'TCM Health Assessment Report' : '中医健康评估报告';
  drawHeaderBand(ctx, m.header, 'report.title', subtitle, personFields(ctx, m.header));
  // What a partial record lacks comes first: the sections below are read knowing it.
  if (m.missing?.length) drawMissing(ctx, m.missing);
  // Order follows the spec's list: vitals, then the four diagnostics, then their synthesis.
  if (m.vitals) drawVitals(ctx, m.vitals);
  if (m.tongue) drawTongue(ctx, m.tongue);
  if (m.face) drawFace(ctx, m.face);
  if (m.pulse) drawPulse(ctx, m.pulse);
  if (m.voice) drawVoice(ctx, m.voice);
  if (m.constitution) drawConstitution(ctx, m.constitution);
  if (m.syndromes) drawSyndromes(ctx, m.syndromes);
  if (m.advice) drawAdvice(ctx, m.advice);
  if (m.trends) drawTrends(ctx, m.trends, disclaimerHeight(ctx, m.disclaimer));
  drawDisclaimer(ctx, m.disclaimer);
  const running = `${title} · ${m.header.person.name} · ${formatIsoDate(m.header.date, lang)}`;
  finishPages(ctx, running, `${m.header.organisation} · ${m.header.reportId}`, true, m.header.footer);
  return toBytes(doc);
}
