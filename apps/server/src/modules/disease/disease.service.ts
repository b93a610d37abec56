import { and, eq, type SQL } from 'drizzle-orm';
import {
  DISEASE_ERRORS,
  DISEASE_KNOWLEDGE,
  RECORD_ENGINES,
  doneResults,
  type DiseaseContent,
  type DiseaseCreateBody,
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
  hasResults,
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

const shippedDefinition = (id: string) => DISEASE_KNOWLEDGE.diseases.find((x) => x.id === id);

/** A row's definition: the shipped one, or an added disease's first content with its own model. */
const customDefinition = (row: repo.DiseaseEntryRow): DiseaseDefinition | undefined =>
  row.model ? { id: row.id, ...row.content, ...row.model } : undefined;

/** Every disease: the shipped ten, then those users added (oldest first). */
async function allDefinitions(db: Db): Promise<{ defs: DiseaseDefinition[]; rows: repo.DiseaseEntryRow[] }> {
  const rows = await repo.entryRows(db);
  const added = rows
    .filter((r) => r.model)
    .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime())
    .flatMap((r) => customDefinition(r) ?? []);
  return { defs: [...DISEASE_KNOWLEDGE.diseases, ...added], rows };
}

async function definition(db: Db, id: string): Promise<DiseaseDefinition> {
  const d = shippedDefinition(id) ?? (await repo.entryRow(db, id).then((r) => r && customDefinition(r)));
  if (!d) throw new AppError(DISEASE_ERRORS.DISEASE_NOT_FOUND);
  return d;
}

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
  const def = await definition(db, id);
  const row = await repo.entryRow(db, id);
  return { def, row, content: row?.content ?? shipped(def) };
}

/** Screenings a caller may read: those of their team, or their own without a team. */
const scopeOf = (me: Me): SQL =>
  me.teamId ? eq(diseaseScreenings.teamId, me.teamId) : eq(diseaseScreenings.createdBy, me.id);

export async function listDiseases(db: Db, me: Me): Promise<DiseaseSummary[]> {
  const [{ defs, rows }, counts] = await Promise.all([allDefinitions(db), repo.levelCounts(db, scopeOf(me))]);
  return defs.map((def) => {
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
      custom: !!row?.model,
      mine: !!row?.model && row.createdBy === me.id,
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
    custom: !!row?.model,
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
/** Checks an entry's sources and pattern ids, and sanitises its rich text. */
function checkedContent(content: DiseaseContent): DiseaseContent {
  if (!known(content.sources) || !content.patterns.every((p) => known(p.sources)))
    throw new AppError(DISEASE_ERRORS.SOURCE_UNKNOWN);
  if (new Set(content.patterns.map((p) => p.id)).size !== content.patterns.length)
    throw new AppError(DISEASE_ERRORS.PATTERN_DUPLICATE);
  return {
    ...content,
    summary: clean(content.summary),
    advice: clean(content.advice),
    patterns: content.patterns.map((p) => ({ ...p, advice: clean(p.advice) })),
  };
}

export async function saveDisease(db: Db, me: Me, id: string, body: DiseaseSaveBody): Promise<DiseaseDetail> {
  await definition(db, id);
  const { version, ...content } = body;
  const saved = await repo.saveEntry(db, {
    id,
    version: version + 1,
    updatedBy: me.id,
    content: checkedContent(content),
  });
  if (!saved) throw new AppError(DISEASE_ERRORS.VERSION_CONFLICT);
  return diseaseDetail(db, id);
}

/**
 * Adds a disease in the shipped shape (docs/disease.md "Added diseases"): content checked like an
 * edit, questions and options with unique ids, every source in the catalog; version 1.
 */
export async function createDisease(db: Db, me: Me, body: DiseaseCreateBody): Promise<DiseaseDetail> {
  const { id, questions, signs, ...content } = body;
  if (shippedDefinition(id)) throw new AppError(DISEASE_ERRORS.DISEASE_ID_TAKEN);
  const unique = (ids: string[]) => new Set(ids).size === ids.length;
  if (!unique(questions.map((q) => q.id)) || !questions.every((q) => unique(q.options.map((o) => o.id))))
    throw new AppError(DISEASE_ERRORS.MODEL_DUPLICATE);
  if (!known([...questions.map((q) => q.source), ...signs.map((x) => x.source)]))
    throw new AppError(DISEASE_ERRORS.SOURCE_UNKNOWN);
  const saved = await repo.insertCustomEntry(db, {
    id,
    content: checkedContent(content),
    model: { questions, signs },
    createdBy: me.id,
    updatedBy: me.id,
  });
  if (!saved) throw new AppError(DISEASE_ERRORS.DISEASE_ID_TAKEN);
  return diseaseDetail(db, id);
}

/** Removes a disease its caller added and nobody screened for; shipped ones stay. */
export async function deleteDisease(db: Db, me: Me, id: string): Promise<void> {
  if (shippedDefinition(id)) throw new AppError(DISEASE_ERRORS.DISEASE_SHIPPED);
  const row = await repo.entryRow(db, id);
  if (!row?.model) throw new AppError(DISEASE_ERRORS.DISEASE_NOT_FOUND);
  if (row.createdBy !== me.id) throw new AppError(DISEASE_ERRORS.DISEASE_NOT_YOURS);
  // Saved screenings keep naming their disease: one that has any stays (409).
  if (await repo.hasScreenings(db, id)) throw new AppError(DISEASE_ERRORS.DISEASE_IN_USE);
  await repo.deleteEntry(db, id);
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
    if (!hasResults(r.status)) throw new AppError(DISEASE_ERRORS.RECORD_NOT_DONE);
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

/** Western names of every disease, shipped and added (a screening shows its disease's name). */
async function namesOf(db: Db): Promise<Map<string, DiseaseContent['western']>> {
  const { defs, rows } = await allDefinitions(db);
  return new Map(defs.map((d) => [d.id, rows.find((r) => r.id === d.id)?.content.western ?? d.western]));
}

function present(row: repo.ScreeningRowDb, names: Map<string, DiseaseContent['western']>): Screening {
  return {
    id: row.id,
    diseaseId: row.diseaseId,
    diseaseName: names.get(row.diseaseId) ?? { zh: row.diseaseId, en: row.diseaseId },
    person: { name: row.personName, sex: row.personSex, age: row.personAge },
    recordIds: row.recordIds,
    answers: row.answers,
    result: row.result,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

export const getScreening = async (db: Db, me: Me, id: string): Promise<Screening> =>
  present(await readable(db, me, id), await namesOf(db));

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
  const [{ rows, total }, names] = await Promise.all([repo.screeningPage(db, where, q.page, q.size), namesOf(db)]);
  return {
    total,
    rows: rows.map((r) => {
      const { answers: _a, result: _r, ...rest } = present(r, names);
      return { ...rest, level: r.level, risk: r.risk };
    }),
  };
}

export async function stats(db: Db, me: Me, diseaseId?: string): Promise<DiseaseStats> {
  if (diseaseId) await definition(db, diseaseId);
  const where = and(scopeOf(me), diseaseId ? eq(diseaseScreenings.diseaseId, diseaseId) : undefined)!;
  const [counts, months, all] = await Promise.all([
    repo.levelCounts(db, where),
    repo.monthlyCounts(db, where),
    allDefinitions(db),
  ]);
  const defs = all.defs.filter((d) => !diseaseId || d.id === diseaseId);
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
    screening: present(row, await namesOf(db)),
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
