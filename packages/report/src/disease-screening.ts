import {
  formatIsoDate,
  vocabularyWord,
  type DiseaseWord,
  type ReportLanguage,
  type Screening,
  clinicDay,
} from '@tcm/contract';
import { createDoc, finishPages, paragraph, sectionTitle, toBytes, type Ctx } from './layout/page.js';
import { drawTable } from './layout/table.js';
import { THEME } from './layout/theme.js';
import { label } from './labels.js';
import { plainText } from './record-model.js';
import { drawDisclaimer } from './sections/disclaimer.js';
import { drawHeaderBand, personFields } from './sections/header.js';

/** What the disease screening PDF prints: the saved screening and the disease's words. */
export interface DiseaseScreeningDocument {
  screening: Screening;
  /** The disease's advice (rich text; printed as plain text). */
  advice: DiseaseWord;
  tcmName: DiseaseWord;
  /** Source id -> title and edition, for the evidence table's source column. */
  sources: Readonly<Record<string, string>>;
  organisation: string;
  lang: ReportLanguage;
}

const pct = (x: number) => `${Math.round(x * 100)} %`;

/** Renders a saved disease screening (docs/disease.md) to PDF bytes with the report's building blocks. */
export async function renderDiseaseScreening(d: DiseaseScreeningDocument): Promise<Buffer> {
  const { screening: s, lang } = d;
  const t = (k: string, v?: Record<string, string | number>) => label(lang, k, v);
  const doc = createDoc(lang, `${t('disease.title')} ${s.id}`, d.organisation);
  const ctx: Ctx = { doc, lang, y: 0 };
  const header = {
    organisation: d.organisation,
    reportId: s.id.slice(0, 8),
    date: clinicDay(s.createdAt),
    language: lang,
    person: {
      name: s.person.name ?? t('disease.unnamed'),
      ...(s.person.sex ? { sex: s.person.sex } : {}),
      ...(s.person.age !== null ? { age: s.person.age } : {}),
    },
  };
  drawHeaderBand(
    ctx,
    header,
    'disease.title',
    `${s.diseaseName[lang]} · ${d.tcmName[lang]}`,
    personFields(ctx, header),
  );

  const r = s.result;
  sectionTitle(ctx, 'disease.result', 60);
  drawTable(
    ctx,
    [
      { header: t('disease.disease'), share: 3 },
      { header: t('disease.level'), share: 1.2, align: 'center' },
      { header: t('disease.risk'), share: 1.2, align: 'center' },
      { header: t('disease.points'), share: 1.4, align: 'center' },
      { header: t('disease.coverage'), share: 1.4, align: 'center' },
    ],
    [
      [
        s.diseaseName[lang],
        { text: vocabularyWord(`risk.${r.level}`, lang), color: THEME.risk[r.level], bold: true },
        pct(r.risk),
        `${r.points} / ${r.maxPoints}`,
        pct(r.coverage),
      ],
    ],
  );
  if (r.missingModalities.length)
    paragraph(
      ctx,
      `${t('disease.missing')}${r.missingModalities.map((m) => t(`disease.modality.${m}`)).join(lang === 'zh' ? '、' : ', ')}`,
      {
        size: 8.5,
        color: THEME.muted,
      },
    );

  sectionTitle(ctx, 'disease.evidence', 60);
  if (r.evidence.length === 0) paragraph(ctx, t('disease.noEvidence'), { size: 9 });
  else
    drawTable(
      ctx,
      [
        { header: t('disease.item'), share: 5 },
        { header: t('disease.points'), share: 1, align: 'center' },
        { header: t('disease.confidence'), share: 1.2, align: 'center' },
        { header: t('disease.contribution'), share: 1.3, align: 'center' },
        { header: t('disease.share'), share: 1, align: 'center' },
        { header: t('disease.source'), share: 3 },
      ],
      r.evidence.map((e) => [
        e.text[lang],
        String(e.points),
        pct(e.confidence),
        String(e.contribution),
        pct(e.share),
        d.sources[e.source] ?? e.source,
      ]),
    );

  if (r.patterns.length) {
    sectionTitle(ctx, 'disease.patterns', 40);
    drawTable(
      ctx,
      [
        { header: t('disease.pattern'), share: 3 },
        { header: t('disease.patternFit'), share: 1, align: 'center' },
      ],
      r.patterns.map((p) => [p.name[lang], p.score === null ? '—' : pct(p.score)]),
    );
  }

  sectionTitle(ctx, 'disease.advice', 40);
  paragraph(ctx, plainText(d.advice[lang]), { size: 9.5, lineGap: 1.5 });
  drawDisclaimer(ctx, t('disease.disclaimer'));
  finishPages(
    ctx,
    `${t('disease.title')} · ${header.person.name} · ${formatIsoDate(header.date, lang)}`,
    `${d.organisation} · ${header.reportId}`,
    true,
  );
  return toBytes(doc);
}
