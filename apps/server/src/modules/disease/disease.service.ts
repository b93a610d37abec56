import { and, eq, type SQL } from 'drizzle-orm';
import {
  DISEASE_ERRORS,
  DISEASE_KNOWLEDGE,
  RECORD_ENGINES,
  doneResults,
  type DiseaseContent,
  type DiseaseDefinition,
  type DiseaseDetail,
  type DiseaseSaveBody,
  type DiseaseStats,
  type DiseaseSummary,
  type LinkableRecord,
  type ReportLanguage,
  type Screening,
  type ScreeningBody,
  type ScreeningLevel,
} from '@tcm/contract';
import { findingText } from '@tcm/analysis/synthesis';
import { renderDiseaseScreening } from '@tcm/report';
import type { Db } from '../../db/client.js';
import { diseaseScreenings, teams } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { UserRow } from '../auth/principal.repo.js';
import { findRecord, type RecordRow } from '../records/records.repo.js';
import { sanitizeTranslationText } from '../translation/sanitize.js';
import * as repo from './disease.repo.js';
import { personFindings } from './person-findings.js';
import { scoreScreening } from './screening-score.js';

type Me = Pick<UserRow, 'id' | 'teamId'>;

const definition = (id: string): DiseaseDefinition => {
  const d = DISEASE_KNOWLEDGE.diseases.find((x) => x.id === id);
  if (!d) throw new AppError(DISEASE_ERRORS.DISEASE_NOT_FOUND);
  return d;
};

/** The shipped content of a definition (what a disease shows until someone saves it). */
const shipped = ({ western, tcm, icd10, summary, advice, patterns, sources }: DiseaseDefinition): DiseaseContent => ({
  western,
  tcm,
  icd10,
  summary,
  advice,
  patterns,
  sources,
});

/** The content in force: the newest saved version, else the shipped one. */
async function contentOf(db: Db, id: string) {
  const def = definition(id);
  const row = await repo.entryRow(db, id);
  return { def, row, content: row?.content ?? shipped(def) };
}

/** Screenings a caller may read: those of their team, or their own without a team. */
const scopeOf = (me: Me): SQL =>
  me.teamId ? eq(diseaseScreenings.teamId, me.teamId) : eq(diseaseScreenings.createdBy, me.id);

export async function listDiseases(db: Db, me: Me): Promise<DiseaseSummary[]> {
  const [rows, counts] = await Promise.all([repo.entryRows(db), repo.levelCounts(db, scopeOf(me))]);
  return DISEASE_KNOWLEDGE.diseases.map((def) => {
    const row = rows.find((r) => r.id === def.id);
    const c = row?.content ?? shipped(def);
    return {
      id: def.id,
      western: c.western,
      tcm: c.tcm,
      icd10: c.icd10,
      patterns: c.patterns.length,
      screenings: counts.filter((x) => x.diseaseId === def.id).reduce((s, x) => s + x.n, 0),
      version: row?.version ?? 0,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
}

export async function diseaseDetail(db: Db, id: string): Promise<DiseaseDetail> {
  const { def, row, content } = await contentOf(db, id);
  const named = new Set([
    ...content.sources,
    ...content.patterns.flatMap((p) => p.sources),
    ...def.questions.map((q) => q.source),
    ...def.signs.map((s) => s.source),
  ]);
  return {
    id,
    ...content,
    questions: def.questions,
    signs: def.signs.map((s) => ({ ...s, text: signText(s) })),
    sourceCatalogue: [...named].flatMap((sid) => {
      const src = DISEASE_KNOWLEDGE.sources[sid];
      return src ? [{ id: sid, ...src }] : [];
    }),
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: await repo.loginNameOf(db, row?.updatedBy ?? null),
  };
}

/** A sign worded: its values (舌红 / red tongue) or its score range. */
function signText(s: DiseaseDefinition['signs'][number]) {
  if (s.is) {
    const words = s.is.map((v) => findingText(s.key, v));
    return { zh: words.map((w) => w.zh).join('、'), en: words.map((w) => w.en).join(', ') };
  }
  const base = findingText(s.key, s.min ?? 0);
  return {
    zh: `${base.zh.replace(/ [\d.]+$/, '')} ≥ ${s.min ?? 0}`,
    en: `${base.en.replace(/ [\d.]+$/, '')} ≥ ${s.min ?? 0}`,
  };
}

const known = (ids: readonly string[]) => ids.every((id) => Object.hasOwn(DISEASE_KNOWLEDGE.sources, id));
const clean = (w: { zh: string; en: string }) => ({
  zh: sanitizeTranslationText(w.zh),
  en: sanitizeTranslationText(w.en),
});

/** Saves the next version of a disease's knowledge; rich text is sanitised (docs/disease.md "Editing"). */
export async function saveDisease(db: Db, me: Me, id: string, body: DiseaseSaveBody): Promise<DiseaseDetail> {
  definition(id);
  const { version, ...content } = body;
  if (!known(content.sources) || !content.patterns.every((p) => known(p.sources)))
    throw new AppError(DISEASE_ERRORS.SOURCE_UNKNOWN);
  if (new Set(content.patterns.map((p) => p.id)).size !== content.patterns.length)
    throw new AppError(DISEASE_ERRORS.PATTERN_DUPLICATE);
  const saved = await repo.saveEntry(db, {
    id,
    version: version + 1,
    updatedBy: me.id,
    content: {
      ...content,
      summary: clean(content.summary),
      advice: clean(content.advice),
      patterns: content.patterns.map((p) => ({ ...p, advice: clean(p.advice) })),
    },
  });
  if (!saved) throw new AppError(DISEASE_ERRORS.VERSION_CONFLICT);
  return diseaseDetail(db, id);
}

const enginesOf = (r: Pick<RecordRow, 'results'>) => {
  const done = doneResults(r.results);
  return RECORD_ENGINES.filter((e) => done[e] !== undefined);
};

export async function linkableRecords(db: Db, me: Me, page: number, size: number) {
  if (!me.teamId) return { total: 0, rows: [] as LinkableRecord[] };
  const { rows, total } = await repo.teamDoneRecords(db, me.teamId, page, size);
  return {
    total,
    rows: rows.map((r): LinkableRecord => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      personName: r.personName,
      personSex: r.personSex,
      personAge: r.personAge,
      engines: enginesOf(r),
    })),
  };
}

/** The linked records: each of the caller's team and done, all of one person. */
async function linkedRecords(db: Db, me: Me, ids: readonly string[]): Promise<RecordRow[]> {
  const rows = await Promise.all([...new Set(ids)].map((id) => findRecord(db, id)));
  for (const r of rows) {
    if (!r) throw new AppError(DISEASE_ERRORS.RECORD_NOT_FOUND);
    if (!me.teamId || r.teamId !== me.teamId) throw new AppError(DISEASE_ERRORS.RECORD_FORBIDDEN);
    if (r.status !== 'done') throw new AppError(DISEASE_ERRORS.RECORD_NOT_DONE);
  }
  const done = rows as RecordRow[];
  const distinct = (key: (r: RecordRow) => string | null) => new Set(done.map(key).filter((k) => k !== null)).size;
  if (distinct((r) => r.subjectUserId) > 1 || distinct((r) => r.personName?.trim() || null) > 1)
    throw new AppError(DISEASE_ERRORS.RECORDS_OF_DIFFERENT_PERSONS);
  return done;
}

function checkAnswers(def: DiseaseDefinition, answers: Readonly<Record<string, string>>): void {
  for (const id of Object.keys(answers))
    if (!def.questions.some((q) => q.id === id))
      throw new AppError(DISEASE_ERRORS.ANSWER_INVALID, undefined, { question: id });
  for (const q of def.questions) {
    const a = answers[q.id];
    if (a === undefined) throw new AppError(DISEASE_ERRORS.ANSWER_MISSING, undefined, { question: q.id });
    if (!q.options.some((o) => o.id === a))
      throw new AppError(DISEASE_ERRORS.ANSWER_INVALID, undefined, { question: q.id });
  }
}

export async function createScreening(db: Db, me: Me, body: ScreeningBody): Promise<Screening> {
  const { def, content } = await contentOf(db, body.diseaseId);
  checkAnswers(def, body.answers);
  const records = await linkedRecords(db, me, body.recordIds);
  const result = scoreScreening(def, content.patterns, personFindings(records), body.answers);
  const first = records[0];
  const id = await repo.insertScreening(db, {
    diseaseId: def.id,
    teamId: me.teamId,
    createdBy: me.id,
    personName: body.person.name || first?.personName || null,
    personSex: body.person.sex ?? first?.personSex ?? null,
    personAge: body.person.age ?? first?.personAge ?? null,
    recordIds: records.map((r) => r.id),
    answers: body.answers,
    result,
    level: result.level,
    risk: result.risk,
  });
  return getScreening(db, me, id);
}

async function readable(db: Db, me: Me, id: string): Promise<repo.ScreeningRowDb> {
  const row = await repo.screeningRow(db, id);
  if (!row) throw new AppError(DISEASE_ERRORS.SCREENING_NOT_FOUND);
  const mine = row.createdBy === me.id || (!!me.teamId && row.teamId === me.teamId);
  if (!mine) throw new AppError(DISEASE_ERRORS.SCREENING_FORBIDDEN);
  return row;
}

const nameOf = (diseaseId: string) =>
  DISEASE_KNOWLEDGE.diseases.find((d) => d.id === diseaseId)?.western ?? { zh: diseaseId, en: diseaseId };

function present(row: repo.ScreeningRowDb): Screening {
  return {
    id: row.id,
    diseaseId: row.diseaseId,
    diseaseName: nameOf(row.diseaseId),
    person: { name: row.personName, sex: row.personSex, age: row.personAge },
    recordIds: row.recordIds,
    answers: row.answers,
    result: row.result,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

export const getScreening = async (db: Db, me: Me, id: string): Promise<Screening> =>
  present(await readable(db, me, id));

export async function listScreenings(
  db: Db,
  me: Me,
  q: { page: number; size: number; diseaseId?: string | undefined; level?: ScreeningLevel | undefined },
) {
  const where = and(
    scopeOf(me),
    q.diseaseId ? eq(diseaseScreenings.diseaseId, q.diseaseId) : undefined,
    q.level ? eq(diseaseScreenings.level, q.level) : undefined,
  )!;
  const { rows, total } = await repo.screeningPage(db, where, q.page, q.size);
  return {
    total,
    rows: rows.map((r) => {
      const { answers: _a, result: _r, ...rest } = present(r);
      return { ...rest, level: r.level, risk: r.risk };
    }),
  };
}

export async function stats(db: Db, me: Me, diseaseId?: string): Promise<DiseaseStats> {
  if (diseaseId) definition(diseaseId);
  const where = and(scopeOf(me), diseaseId ? eq(diseaseScreenings.diseaseId, diseaseId) : undefined)!;
  const [counts, months] = await Promise.all([repo.levelCounts(db, where), repo.monthlyCounts(db, where)]);
  const defs = DISEASE_KNOWLEDGE.diseases.filter((d) => !diseaseId || d.id === diseaseId);
  const perDisease = defs.map((d) => {
    const of = counts.filter((c) => c.diseaseId === d.id);
    const n = (level: ScreeningLevel) => of.find((c) => c.level === level)?.n ?? 0;
    const total = of.reduce((s, c) => s + c.n, 0);
    const riskSum = of.reduce((s, c) => s + c.riskSum, 0);
    return {
      diseaseId: d.id,
      name: d.western,
      total,
      low: n('low'),
      medium: n('medium'),
      high: n('high'),
      meanRisk: total ? Math.round((riskSum / total) * 1000) / 1000 : null,
    };
  });
  const byMonth = new Map<string, { month: string; low: number; medium: number; high: number }>();
  for (const m of months) {
    const entry = byMonth.get(m.month) ?? { month: m.month, low: 0, medium: 0, high: 0 };
    entry[m.level] += m.n;
    byMonth.set(m.month, entry);
  }
  const monthly = [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month)).slice(-12);
  return { perDisease, monthly };
}

const sourceTitles = Object.fromEntries(
  Object.entries(DISEASE_KNOWLEDGE.sources).map(([id, s]) => [id, `${s.title} (${s.edition})`]),
);

export async function screeningPdf(db: Db, me: Me, id: string, lang: ReportLanguage): Promise<Buffer> {
  const row = await readable(db, me, id);
  const { content } = await contentOf(db, row.diseaseId);
  const team = row.teamId
    ? (await db.select({ name: teams.name }).from(teams).where(eq(teams.id, row.teamId)))[0]
    : undefined;
  return renderDiseaseScreening({
    screening: present(row),
    advice: content.advice,
    tcmName: content.tcm,
    sources: sourceTitles,
    organisation: (team?.name ?? (lang === 'zh' ? '中医舌诊开放平台' : 'TCM Tongue Diagnosis Open Platform')).slice(
      0,
      120,
    ),
    lang,
  });
}
