import type { Sex } from './constitution.js';
import type { Answers, AnswerValue, PointsResult, Question, TemplateDefinition } from './inquiry.js';

/**
 * The rules of a form, shared by the builder, the phone page and the server (which is the
 * judge): what a definition must hold beyond its shape, which questions are shown, which answers
 * are acceptable, and the points scores. Pure functions, so the page and the server agree.
 */

export const allQuestions = (def: TemplateDefinition): Question[] => def.sections.flatMap((s) => s.questions);

const SCORABLE = new Set<Question['type']>(['single', 'multiple', 'scale', 'number']);
const CONDITIONABLE = new Set<Question['type']>(['single', 'multiple', 'scale', 'number']);

/**
 * Everything wrong with a definition that its zod shape cannot say, as `path: problem` lines:
 * unique ids, options where choices need them, a scale's range, conditions on an earlier
 * question of a type that has values (so conditions never form a cycle), scores over known
 * questions. Empty when the definition is sound.
 */
export function definitionProblems(def: TemplateDefinition, opts: { builtin?: boolean } = {}): string[] {
  const out: string[] = [];
  const seen = new Map<string, Question>();
  const sectionIds = new Set<string>();
  def.sections.forEach((s, si) => {
    if (sectionIds.has(s.id)) out.push(`sections.${si}.id: duplicate section id ${s.id}`);
    sectionIds.add(s.id);
    s.questions.forEach((q, qi) => {
      const at = `sections.${si}.questions.${qi}`;
      if (seen.has(q.id)) out.push(`${at}.id: duplicate question id ${q.id}`);
      out.push(...questionProblems(q, at, seen));
      seen.set(q.id, q);
    });
  });
  if (def.scoring.kind === 'constitution' && !opts.builtin)
    out.push('scoring.kind: constitution scoring belongs to the built-in questionnaire only');
  if (def.scoring.kind === 'points') {
    const ids = new Set<string>();
    def.scoring.scores.forEach((sc, i) => {
      if (ids.has(sc.id)) out.push(`scoring.scores.${i}.id: duplicate score id ${sc.id}`);
      ids.add(sc.id);
      sc.items.forEach((it, j) => {
        const q = seen.get(it.question);
        if (!q) out.push(`scoring.scores.${i}.items.${j}.question: no question ${it.question}`);
        else if (!SCORABLE.has(q.type))
          out.push(`scoring.scores.${i}.items.${j}.question: a ${q.type} question has no points`);
      });
    });
  }
  return out;
}

function questionProblems(q: Question, at: string, earlier: ReadonlyMap<string, Question>): string[] {
  const out: string[] = [];
  const choice = q.type === 'single' || q.type === 'multiple';
  if (choice) {
    const values = (q.options ?? []).map((o) => o.value);
    if (values.length < 2) out.push(`${at}.options: a choice needs at least two options`);
    if (new Set(values).size !== values.length) out.push(`${at}.options: duplicate option values`);
  } else if (q.options?.length) out.push(`${at}.options: only choice questions have options`);
  if (q.type === 'scale') {
    if (!q.scale) out.push(`${at}.scale: a scale needs min and max`);
    else if (q.scale.min >= q.scale.max) out.push(`${at}.scale: min must be below max`);
    else if (q.scale.labels && q.scale.labels.length !== q.scale.max - q.scale.min + 1)
      out.push(`${at}.scale.labels: one label per point (${q.scale.max - q.scale.min + 1})`);
  }
  if (q.type === 'number' && q.number?.min !== undefined && q.number.max !== undefined && q.number.min > q.number.max)
    out.push(`${at}.number: min must not exceed max`);
  if (q.type === 'photo' && !q.photo) out.push(`${at}.photo: say tongue or face`);
  if (q.showIf) {
    const on = earlier.get(q.showIf.question);
    if (!on) out.push(`${at}.showIf.question: must name an earlier question (${q.showIf.question})`);
    else if (!CONDITIONABLE.has(on.type))
      out.push(`${at}.showIf.question: a ${on.type} question cannot be a condition`);
  }
  return out;
}

const matches = (value: AnswerValue | null | undefined, anyOf: ReadonlyArray<string | number>): boolean => {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.some((v) => anyOf.includes(v));
  return anyOf.includes(value);
};

/**
 * Whether a question is asked: its sex fits the patient and its condition holds. A condition on
 * a hidden question never holds (a chain of conditions hides together).
 */
export function visibleIds(def: TemplateDefinition, answers: Answers, sex: Sex): Set<string> {
  const shown = new Set<string>();
  for (const q of allQuestions(def)) {
    if (q.sex && q.sex !== sex) continue;
    if (q.showIf && !(shown.has(q.showIf.question) && matches(answers[q.showIf.question], q.showIf.anyOf))) continue;
    shown.add(q.id);
  }
  return shown;
}

export interface AnswerProblem {
  question: string;
  problem: 'required' | 'unknown' | 'type' | 'option' | 'range' | 'date';
}

const isEmpty = (v: AnswerValue | null | undefined) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

function valueProblem(q: Question, v: AnswerValue): AnswerProblem['problem'] | null {
  const values = new Set((q.options ?? []).map((o) => o.value));
  switch (q.type) {
    case 'single':
      if (typeof v !== 'string') return 'type';
      return values.has(v) ? null : 'option';
    case 'multiple':
      if (!Array.isArray(v)) return 'type';
      return v.every((x) => values.has(x)) && new Set(v).size === v.length ? null : 'option';
    case 'scale':
      if (typeof v !== 'number' || !Number.isInteger(v)) return 'type';
      return q.scale && v >= q.scale.min && v <= q.scale.max ? null : 'range';
    case 'number': {
      if (typeof v !== 'number') return 'type';
      const n = q.number;
      if (n?.min !== undefined && v < n.min) return 'range';
      if (n?.max !== undefined && v > n.max) return 'range';
      return null;
    }
    case 'text':
      return typeof v === 'string' ? null : 'type';
    case 'date':
      if (typeof v !== 'string') return 'type';
      return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? null : 'date';
    case 'photo':
      return typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v) ? null : 'type';
  }
}

/**
 * Checks answers against the form: every shown required question answered, each value of its
 * question's kind. Answers to hidden questions are dropped, not refused (a patient may change an
 * earlier answer after filling a follow-up question). Answers the kept, cleaned answers.
 */
export function checkAnswers(
  def: TemplateDefinition,
  answers: Answers,
  sex: Sex,
): { answers: Answers; problems: AnswerProblem[] } {
  const byId = new Map(allQuestions(def).map((q) => [q.id, q]));
  const problems: AnswerProblem[] = Object.keys(answers)
    .filter((id) => !byId.has(id))
    .map((question) => ({ question, problem: 'unknown' }));
  const shown = visibleIds(def, answers, sex);
  const kept: Answers = {};
  for (const q of allQuestions(def)) {
    if (!shown.has(q.id)) continue;
    const v = answers[q.id];
    if (isEmpty(v)) {
      if (q.required) problems.push({ question: q.id, problem: 'required' });
      continue;
    }
    const bad = valueProblem(q, v!);
    if (bad) problems.push({ question: q.id, problem: bad });
    else kept[q.id] = typeof v === 'string' ? v.trim() : v!;
  }
  return { answers: kept, problems };
}

/** Points one answer gives (before the score's weight): option scores, or the scale/number value. */
function pointsOf(q: Question, v: AnswerValue | null | undefined): number {
  if (v === null || v === undefined) return 0;
  const optionScore = (value: string) => q.options?.find((o) => o.value === value)?.score ?? 0;
  if (q.type === 'single' && typeof v === 'string') return optionScore(v);
  if (q.type === 'multiple' && Array.isArray(v)) return v.reduce((sum, x) => sum + optionScore(x), 0);
  if ((q.type === 'scale' || q.type === 'number') && typeof v === 'number') return v;
  return 0;
}

/**
 * The points scores of checked answers: Σ weight × points over the score's items (a hidden or
 * unanswered question adds 0), and the band with the highest `from` not above the total.
 */
export function pointsScores(def: TemplateDefinition, answers: Answers): PointsResult[] {
  if (def.scoring.kind !== 'points') return [];
  const byId = new Map(allQuestions(def).map((q) => [q.id, q]));
  return def.scoring.scores.map((sc) => {
    const raw = sc.items.reduce((sum, it) => {
      const q = byId.get(it.question);
      return q ? sum + it.weight * pointsOf(q, answers[it.question]) : sum;
    }, 0);
    // Weights like 0.1 leave float dust (0.30000000000000004); totals are shown to 4 places.
    const total = Math.round(raw * 10000) / 10000;
    const band = [...sc.bands].sort((a, b) => b.from - a.from).find((b) => total >= b.from);
    return { id: sc.id, label: sc.label, total, band: band ? band.label : null };
  });
}
