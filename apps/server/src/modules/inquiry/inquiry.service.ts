import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { scoreConstitution } from '@tcm/analysis/constitution';
import {
  CONSTITUTION_TEMPLATE_ID,
  INQUIRY_ERRORS,
  allQuestions,
  checkAnswers,
  definitionProblems,
  inquiryLinkPage,
  pointsScores,
  type Answers,
  type FormDetail,
  type FormScore,
  type FormSummary,
  type LocalizedText,
  type OpenForm,
  type Sex,
  type Template,
  type TemplateDefinition,
  type TemplateSummary,
  type fillBody,
  type formListBody,
  type sendBody,
  type templateBody,
} from '@tcm/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../auth/principal.repo.js';
import { canOpen, caseFor } from '../archive/archive.access.js';
import { findCase, findVisit, type CaseRow } from '../archive/archive.repo.js';
import { newShareToken } from '../records/records.service.js';
import { CONSTITUTION_TEMPLATE } from './inquiry.builtin.js';
import * as repo from './inquiry.repo.js';

const summaryOf = (t: Omit<Template, 'questionCount' | 'scoring'>): TemplateSummary => ({
  id: t.id,
  name: t.name,
  description: t.description,
  builtin: t.builtin,
  questionCount: allQuestions(t.definition).length,
  scoring: t.definition.scoring.kind,
  updatedAt: t.updatedAt,
});

const present = (row: repo.TemplateRow): Template => {
  const t = {
    id: row.id,
    name: row.name,
    description: row.description,
    builtin: false,
    updatedAt: row.updatedAt.toISOString(),
    definition: row.definition,
  };
  return { ...t, ...summaryOf(t) };
};

export async function listTemplates(ctx: AppContext, p: Principal): Promise<TemplateSummary[]> {
  const own = await repo.templatesOf(ctx.db, p.user.id);
  return [summaryOf(CONSTITUTION_TEMPLATE), ...own.map((r) => summaryOf(present(r)))];
}

/** The built-in template, or an own one; anything else 403 (also unknown ids: they cannot be probed). */
export async function templateFor(ctx: AppContext, p: Principal, id: string): Promise<Template> {
  if (id === CONSTITUTION_TEMPLATE_ID) return CONSTITUTION_TEMPLATE;
  const row = await repo.findTemplate(ctx.db, id);
  if (!row || row.ownerUserId !== p.user.id) throw new AppError(INQUIRY_ERRORS.TEMPLATE_FORBIDDEN);
  return present(row);
}

async function ownTemplate(ctx: AppContext, p: Principal, id: string): Promise<repo.TemplateRow> {
  if (id === CONSTITUTION_TEMPLATE_ID) throw new AppError(INQUIRY_ERRORS.TEMPLATE_BUILTIN);
  const row = await repo.findTemplate(ctx.db, id);
  if (!row || row.ownerUserId !== p.user.id) throw new AppError(INQUIRY_ERRORS.TEMPLATE_FORBIDDEN);
  return row;
}

function assertSound(def: TemplateDefinition) {
  const problems = definitionProblems(def);
  if (problems.length) throw new AppError(INQUIRY_ERRORS.TEMPLATE_INVALID, undefined, { problems });
}

type TemplateInput = z.infer<typeof templateBody>;

export async function addTemplate(ctx: AppContext, p: Principal, b: TemplateInput): Promise<Template> {
  assertSound(b.definition);
  return present(await repo.insertTemplate(ctx.db, { ownerUserId: p.user.id, ...b }));
}

export async function updateTemplate(ctx: AppContext, p: Principal, id: string, b: TemplateInput): Promise<Template> {
  const row = await ownTemplate(ctx, p, id);
  assertSound(b.definition);
  return present(await repo.updateTemplate(ctx.db, row.id, b));
}

export async function removeTemplate(ctx: AppContext, p: Principal, id: string): Promise<void> {
  const row = await ownTemplate(ctx, p, id);
  await repo.removeTemplate(ctx.db, row.id);
}

/** Checks answers (400 naming each question) and scores them with the template's rule. */
function scoreAnswers(def: TemplateDefinition, raw: Answers, sex: Sex): { answers: Answers; score: FormScore } {
  const { answers, problems } = checkAnswers(def, raw, sex);
  if (problems.length) throw new AppError(INQUIRY_ERRORS.ANSWERS_INVALID, undefined, { problems });
  if (def.scoring.kind === 'points') return { answers, score: { kind: 'points', scores: pointsScores(def, answers) } };
  if (def.scoring.kind === 'constitution') {
    // Every shown question is required and on 1-5, so the engine gets a complete, valid set.
    const result = scoreConstitution({ sex, answers: answers as Record<string, number> });
    return { answers, score: { kind: 'constitution', result } };
  }
  return { answers, score: { kind: 'none' } };
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);

/** One line per score in both languages, for lists and the case timeline. */
export function scoreText(score: FormScore | null): LocalizedText | null {
  if (!score || score.kind === 'none') return null;
  if (score.kind === 'constitution') return score.result.summary.text;
  const line = (lang: 'zh' | 'en') =>
    score.scores
      .map((s) => `${s.label[lang] || s.label.zh} ${fmt(s.total)}${s.band ? ` (${s.band[lang] || s.band.zh})` : ''}`)
      .join('; ');
  return { zh: line('zh'), en: line('en') };
}

function statusOf(f: repo.FormRow, now = new Date()): FormSummary['status'] {
  if (f.submittedAt) return 'submitted';
  return f.expiresAt && f.expiresAt <= now ? 'expired' : 'pending';
}

function presentForm(f: repo.FormListRow): FormSummary {
  return {
    id: f.id,
    caseId: f.caseId,
    patientName: f.patientName,
    visitId: f.visitId,
    visitNumber: f.visitNumber,
    templateId: f.templateId,
    templateName: f.templateName,
    mode: f.mode,
    status: statusOf(f),
    expiresAt: f.expiresAt?.toISOString() ?? null,
    submittedAt: f.submittedAt?.toISOString() ?? null,
    scoreText: scoreText(f.score),
    doctorName: f.doctorName,
    createdAt: f.createdAt.toISOString(),
  };
}

type Target = z.infer<typeof fillBody>;

/** The case (write access), the template and the visit the form belongs to. */
async function targetOf(ctx: AppContext, p: Principal, b: Omit<Target, 'answers'>) {
  const c = await caseFor(ctx.db, p, b.caseId, 'write');
  const template = await templateFor(ctx, p, b.templateId);
  let visitId: string | null = null;
  if (b.visitId) {
    const v = await findVisit(ctx.db, b.visitId);
    if (!v || v.caseId !== c.id) throw new AppError(INQUIRY_ERRORS.VISIT_NOT_IN_CASE);
    visitId = v.id;
  } else visitId = (await repo.latestVisit(ctx.db, c.id))?.id ?? null;
  return {
    c,
    values: {
      caseId: c.id,
      visitId,
      templateId: template.id,
      templateName: template.name,
      definition: template.definition,
      sex: c.sex,
      doctorUserId: p.user.id,
    },
  };
}

const summary = async (ctx: AppContext, id: string) => presentForm((await repo.formWithNames(ctx.db, id))!);

export async function fillForm(ctx: AppContext, p: Principal, b: Target): Promise<FormSummary> {
  const { c, values } = await targetOf(ctx, p, b);
  const scored = scoreAnswers(values.definition, b.answers, c.sex);
  const row = await repo.insertForm(ctx.db, { ...values, mode: 'doctor', ...scored, submittedAt: new Date() });
  return summary(ctx, row.id);
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function sendForm(ctx: AppContext, p: Principal, b: z.infer<typeof sendBody>) {
  const { values } = await targetOf(ctx, p, b);
  const token = newShareToken();
  const row = await repo.insertForm(ctx.db, {
    ...values,
    mode: 'link',
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + b.hours * 3600_000),
  });
  return { form: await summary(ctx, row.id), token, path: inquiryLinkPage(token) };
}

export async function listForms(ctx: AppContext, p: Principal, b: z.infer<typeof formListBody>) {
  if (b.caseId) await caseFor(ctx.db, p, b.caseId, 'read');
  const { rows, total } = await repo.listForms(ctx.db, p.user.id, b, {
    offset: (b.page - 1) * b.size,
    limit: b.size,
    order: b.order,
  });
  return { list: rows.map(presentForm), total, page: b.page, size: b.size };
}

/** A form of a case the caller may open; 403 otherwise (the form's own code: ids cannot be probed). */
export async function formDetail(ctx: AppContext, p: Principal, id: string): Promise<FormDetail> {
  const f = await repo.formWithNames(ctx.db, id);
  const c = f && (await findCase(ctx.db, f.caseId));
  if (!f || !c || !(await canOpen(ctx.db, p, c))) throw new AppError(INQUIRY_ERRORS.FORM_FORBIDDEN);
  await caseFor(ctx.db, p, c.id, 'read'); // a deleted case answers its own 409
  return {
    ...presentForm(f),
    sex: f.sex,
    definition: f.definition,
    answers: f.answers,
    score: f.score,
    fileUrls: photoUrls(ctx, f.definition, f.answers),
  };
}

/** Signed URLs of the photo answers (docs/security.md §12): the caller may open this form, so its photos. */
function photoUrls(ctx: AppContext, def: TemplateDefinition, answers: Answers | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of allQuestions(def)) {
    const v = answers?.[q.id];
    if (q.type === 'photo' && typeof v === 'string' && UUID.test(v)) out[v] = ctx.fileSigner.url(v);
  }
  return out;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The form behind a link, if it can still be filled: 404 unknown, 409 used, 410 expired. */
async function linkForm(ctx: AppContext, token: string): Promise<{ f: repo.FormRow; c: CaseRow }> {
  const f = await repo.findFormByTokenHash(ctx.db, hashToken(token));
  const c = f && (await findCase(ctx.db, f.caseId));
  // A case moved to the recycle view takes its open links with it.
  if (!f || !c || c.deletedAt) throw new AppError(INQUIRY_ERRORS.LINK_NOT_FOUND);
  if (f.submittedAt) throw new AppError(INQUIRY_ERRORS.LINK_USED);
  if (statusOf(f) === 'expired') throw new AppError(INQUIRY_ERRORS.LINK_EXPIRED);
  return { f, c };
}

export async function openLink(ctx: AppContext, token: string): Promise<OpenForm> {
  const { f, c } = await linkForm(ctx, token);
  const doctor = await repo.formWithNames(ctx.db, f.id);
  return {
    templateName: f.templateName,
    patientInitial: [...c.name][0] ?? '',
    doctorName: doctor?.doctorName ?? '',
    sex: f.sex,
    expiresAt: f.expiresAt!.toISOString(),
    definition: f.definition,
  };
}

/** Stores the patient's answers once; a second submission (or a lost race) answers 409 LINK_USED. */
export async function submitLink(
  ctx: AppContext,
  token: string,
  raw: Answers,
): Promise<{ formId: string; caseId: string }> {
  const { f } = await linkForm(ctx, token);
  const scored = scoreAnswers(f.definition, raw, f.sex);
  if (!(await repo.submitOnce(ctx.db, f.id, scored, new Date()))) {
    await linkForm(ctx, token); // names why: used or just expired
    throw new AppError(INQUIRY_ERRORS.LINK_USED);
  }
  return { formId: f.id, caseId: f.caseId };
}
