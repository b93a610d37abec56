import {
  FILE_PATHS,
  TRAINING_ERRORS,
  type TrainingAnswerBody,
  type TrainingAttempt,
  type TrainingChoiceQuestionBody,
  type TrainingCourse,
  type TrainingCourseBody,
  type TrainingLessonBody,
  type TrainingProgress,
  type TrainingStartAttemptBody,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { sanitizeTranslationText } from '../translation/sanitize.js';
import * as repo from './training.repo.js';
import { attemptScore, markChoice, markReading } from './training.scoring.js';

/** Photos of a practice when the learner names no count. */
const PRACTICE_DEFAULT = 5;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const courseTexts = (c: repo.CourseRow) => ({
  id: c.id,
  titleZh: c.titleZh,
  titleEn: c.titleEn,
  summaryZh: c.summaryZh,
  summaryEn: c.summaryEn,
});

/** A bank question as the teacher sees it: photo or text, source, key and the engine's reading. */
export const presentQuestion = (q: repo.QuestionRow) => ({
  id: q.id,
  kind: q.kind,
  photoUrl: q.fileId ? FILE_PATHS.view(q.fileId) : null,
  source: q.source,
  sourceRef: q.sourceRef,
  courseId: q.courseId,
  hidden: q.hidden,
  key: q.key,
  engine: q.engine ?? null,
  choice: q.choice ?? null,
  createdAt: iso(q.createdAt)!,
});

const presentLesson = (l: repo.LessonRow, done: boolean) => ({
  id: l.id,
  courseId: l.courseId,
  titleZh: l.titleZh,
  titleEn: l.titleEn,
  bodyZh: l.bodyZh,
  bodyEn: l.bodyEn,
  sort: l.sort,
  hidden: l.hidden,
  starter: l.starterRef !== null,
  done,
});

/**
 * Courses with their lessons; `done` marks the lessons the caller has read. Learners
 * (`publishedOnly`) see published courses and shown lessons only; teachers everything.
 */
export async function courses(db: Db, userId: string, publishedOnly: boolean): Promise<TrainingCourse[]> {
  const list = await repo.listCourses(db, publishedOnly);
  const [all, done] = await Promise.all([
    repo.lessonsOf(
      db,
      list.map((c) => c.id),
    ),
    repo.lessonsDoneBy(db, userId),
  ]);
  const lessons = publishedOnly ? all.filter((l) => !l.hidden) : all;
  return list.map((c) => ({
    ...courseTexts(c),
    published: c.published,
    examQuestions: c.examQuestions,
    examMinutes: c.examMinutes,
    passScore: c.passScore,
    sort: c.sort,
    starter: c.starterRef !== null,
    lessons: lessons.filter((l) => l.courseId === c.id).map((l) => presentLesson(l, done.has(l.id))),
  }));
}

/** Published courses for the public page: titles, summaries and sizes, no lesson text. */
export async function publicCourses(db: Db) {
  const list = await repo.listCourses(db, true);
  const lessons = await repo.lessonsOf(
    db,
    list.map((c) => c.id),
  );
  return list.map((c) => ({
    ...courseTexts(c),
    examQuestions: c.examQuestions,
    examMinutes: c.examMinutes,
    lessonCount: lessons.filter((l) => l.courseId === c.id && !l.hidden).length,
  }));
}

export async function saveCourse(db: Db, b: TrainingCourseBody) {
  const { id, ...v } = b;
  const row = await repo.saveCourse(db, id, v);
  if (!row) throw new AppError(TRAINING_ERRORS.COURSE_NOT_FOUND);
  return row;
}

/** Lesson bodies are editor HTML shown to every learner: sanitised here, on the server. */
export async function saveLesson(db: Db, b: TrainingLessonBody) {
  if (!(await repo.findCourse(db, b.courseId))) throw new AppError(TRAINING_ERRORS.COURSE_NOT_FOUND);
  const { id, ...v } = b;
  const row = await repo.saveLesson(db, id, {
    ...v,
    bodyZh: sanitizeTranslationText(v.bodyZh),
    bodyEn: sanitizeTranslationText(v.bodyEn),
  });
  if (!row) throw new AppError(TRAINING_ERRORS.LESSON_NOT_FOUND);
  return presentLesson(row, false);
}

export async function lessonDone(db: Db, userId: string, lessonId: string) {
  if (!(await repo.findLesson(db, lessonId))) throw new AppError(TRAINING_ERRORS.LESSON_NOT_FOUND);
  await repo.markLessonDone(db, userId, lessonId);
  return { lessonId, done: true };
}

export async function startAttempt(db: Db, userId: string, b: TrainingStartAttemptBody): Promise<TrainingAttempt> {
  const course = b.courseId ? await repo.findCourse(db, b.courseId) : undefined;
  if (b.courseId && !course) throw new AppError(TRAINING_ERRORS.COURSE_NOT_FOUND);
  // An exam needs a course: its size, time and pass mark are the course's.
  if (b.mode === 'exam' && !course) throw new AppError(TRAINING_ERRORS.COURSE_NOT_FOUND);
  const n = b.mode === 'exam' ? course!.examQuestions : (b.count ?? PRACTICE_DEFAULT);
  const ids = await repo.drawQuestions(db, n, course?.id);
  if (ids.length < n)
    throw new AppError(TRAINING_ERRORS.NOT_ENOUGH_QUESTIONS, undefined, { available: ids.length, needed: n });
  const now = new Date();
  const a = await repo.insertAttempt(
    db,
    {
      userId,
      mode: b.mode,
      courseId: course?.id ?? null,
      passScore: b.mode === 'exam' ? course!.passScore : null,
      startedAt: now,
      deadline: b.mode === 'exam' ? new Date(now.getTime() + course!.examMinutes * 60_000) : null,
    },
    ids,
  );
  return present(db, a);
}

/** The caller's own attempt: 404 when missing, 403 when another learner's (ids are random UUIDs). */
async function ownAttempt(db: Db, userId: string, id: string) {
  const a = await repo.findAttempt(db, id);
  if (!a) throw new AppError(TRAINING_ERRORS.ATTEMPT_NOT_FOUND);
  if (a.userId !== userId) throw new AppError(TRAINING_ERRORS.ATTEMPT_NOT_YOURS);
  return a;
}

export async function attempt(db: Db, userId: string, id: string) {
  return present(db, await ownAttempt(db, userId, id));
}

export async function answer(db: Db, userId: string, id: string, b: TrainingAnswerBody): Promise<TrainingAttempt> {
  const a = await ownAttempt(db, userId, id);
  if (a.finishedAt) throw new AppError(TRAINING_ERRORS.ATTEMPT_FINISHED);
  const items = await repo.itemsOf(db, a.id);
  const item = items.find((i) => i.questionId === b.questionId);
  if (!item) throw new AppError(TRAINING_ERRORS.NOT_IN_ATTEMPT);
  if (item.answeredAt) throw new AppError(TRAINING_ERRORS.ALREADY_ANSWERED);
  const [q] = await repo.questionsByIds(db, [item.questionId]);
  const saved = await repo.saveAnswer(db, a.id, item.position, markAnswer(q!, b));
  if (!saved) {
    // The UPDATE's own condition refused it: late, handed in or answered meanwhile.
    const now = await repo.findAttempt(db, a.id);
    if (now?.finishedAt) throw new AppError(TRAINING_ERRORS.ATTEMPT_FINISHED);
    const again = (await repo.itemsOf(db, a.id)).find((i) => i.position === item.position);
    if (again?.answeredAt) throw new AppError(TRAINING_ERRORS.ALREADY_ANSWERED);
    throw new AppError(TRAINING_ERRORS.EXAM_TIME_OVER, undefined, { deadline: iso(a.deadline) });
  }
  return present(db, a);
}

/** What an answer stores: a photo's reading marked per feature, or a text question's option. */
function markAnswer(q: repo.QuestionRow, b: TrainingAnswerBody) {
  if (q.kind === 'choice') {
    const c = q.choice!;
    if (b.choice === undefined || b.reading !== undefined || b.choice >= c.optionsZh.length)
      throw new AppError(TRAINING_ERRORS.ANSWER_MISMATCH);
    return { reading: null, choice: b.choice, ...markChoice(c.answer, b.choice) };
  }
  if (b.choice !== undefined) throw new AppError(TRAINING_ERRORS.ANSWER_MISMATCH);
  const reading = b.reading ?? {};
  const m = markReading(q.key, reading);
  return { reading, choice: null, correct: m.correct, scored: m.scored };
}

/** An unanswered question's marks: all its scored features (or its one option) wrong. */
const unanswered = (q: repo.QuestionRow | undefined) =>
  q?.kind === 'choice' ? markChoice(q.choice!.answer, null) : markReading(q?.key ?? {}, {});

/** Hands in: unanswered questions count with all their scored features wrong. */
export async function finish(db: Db, userId: string, id: string): Promise<TrainingAttempt> {
  const a = await ownAttempt(db, userId, id);
  if (a.finishedAt) throw new AppError(TRAINING_ERRORS.ATTEMPT_FINISHED);
  const items = await repo.itemsOf(db, a.id);
  const questions = await repo.questionsByIds(
    db,
    items.map((i) => i.questionId),
  );
  const byId = new Map(questions.map((q) => [q.id, q]));
  const marked = items.map((i) =>
    i.answeredAt ? { correct: i.correct ?? 0, scored: i.scored ?? 0 } : unanswered(byId.get(i.questionId)),
  );
  const done = await repo.finishAttempt(db, a.id, attemptScore(marked));
  if (!done) throw new AppError(TRAINING_ERRORS.ATTEMPT_FINISHED);
  return present(db, done);
}

/** An item's review once answered: the key (or right option, explanation and source) and the engine's reading. */
function review(q: repo.QuestionRow, i: repo.ItemRow): TrainingAttempt['items'][number]['review'] {
  if (!i.answeredAt) return null;
  if (q.kind === 'choice') {
    const c = q.choice!;
    const given = i.choice ?? -1;
    return {
      reading: {},
      key: {},
      marks: {},
      ...markChoice(c.answer, given),
      engine: null,
      choice: {
        given,
        answer: c.answer,
        explanationZh: c.explanationZh,
        explanationEn: c.explanationEn,
        reference: c.reference,
      },
    };
  }
  const reading = i.reading ?? {};
  return { reading, key: q.key, ...markReading(q.key, reading), engine: q.engine ?? null, choice: null };
}

/** An attempt as its learner sees it: photos or prompts; the key and the engine's reading only once answered. */
async function present(db: Db, a: repo.AttemptRow): Promise<TrainingAttempt> {
  const items = await repo.itemsOf(db, a.id);
  const questions = new Map(
    (
      await repo.questionsByIds(
        db,
        items.map((i) => i.questionId),
      )
    ).map((q) => [q.id, q]),
  );
  const passed = a.score === null || a.passScore === null ? null : a.score >= a.passScore;
  return {
    id: a.id,
    mode: a.mode,
    courseId: a.courseId,
    startedAt: iso(a.startedAt)!,
    deadline: iso(a.deadline),
    finishedAt: iso(a.finishedAt),
    score: a.score,
    passScore: a.passScore,
    passed,
    items: items.map((i) => {
      const q = questions.get(i.questionId)!;
      const c = q.choice;
      return {
        questionId: i.questionId,
        kind: q.kind,
        photoUrl: q.fileId ? FILE_PATHS.view(q.fileId) : null,
        prompt: c
          ? {
              topic: c.topic,
              promptZh: c.promptZh,
              promptEn: c.promptEn,
              optionsZh: c.optionsZh,
              optionsEn: c.optionsEn,
            }
          : null,
        answered: !!i.answeredAt,
        review: review(q, i),
      };
    }),
  };
}

export async function progress(db: Db, userId: string): Promise<TrainingProgress> {
  const [list, done, attempts, practice] = await Promise.all([
    repo.listCourses(db, false),
    repo.lessonsDoneBy(db, userId),
    repo.attemptsOf(db, userId),
    repo.practiceTotals(db, userId),
  ]);
  const lessons = await repo.lessonsOf(
    db,
    list.map((c) => c.id),
  );
  return {
    courses: list.map((c) => {
      const own = lessons.filter((l) => l.courseId === c.id && !l.hidden);
      const exams = attempts.filter((a) => a.mode === 'exam' && a.courseId === c.id && a.score !== null);
      const best = exams.reduce<repo.AttemptRow | undefined>((b, a) => (!b || a.score! > b.score! ? a : b), undefined);
      const passedOne = exams.find((a) => a.score! >= (a.passScore ?? 0));
      return {
        courseId: c.id,
        titleZh: c.titleZh,
        titleEn: c.titleEn,
        lessons: own.length,
        lessonsDone: own.filter((l) => done.has(l.id)).length,
        bestScore: best?.score ?? null,
        passed: !!passedOne,
        certificateAttemptId: passedOne?.id ?? null,
      };
    }),
    practice: { attempts: attempts.filter((a) => a.mode === 'practice').length, ...practice },
  };
}

/**
 * Learners by their best exam score. Names are shown as the account's name with all but its first
 * character masked (the board is seen by every learner); the caller's own row is marked.
 */
export async function leaderboard(db: Db, userId: string, limit = 50) {
  const rows = await repo.examBests(db);
  return rows.slice(0, limit).map((r, i) => ({
    rank: i + 1,
    name: maskName(r.name),
    me: r.userId === userId,
    bestScore: r.best,
    exams: r.exams,
  }));
}

export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return `${chars[0] ?? ''}*`;
  return chars[0] + '*'.repeat(Math.min(chars.length - 1, 3));
}

/** Every training account with its reading progress and exam results (teacher view). */
export async function teacherResults(db: Db) {
  const [accounts, bests, lessonCounts] = await Promise.all([
    repo.trainingAccounts(db),
    repo.examBests(db),
    repo.lessonsDoneCounts(db),
  ]);
  const byUser = new Map(bests.map((b) => [b.userId, b]));
  return accounts.map((u) => {
    const b = byUser.get(u.id);
    return {
      userId: u.id,
      loginName: u.loginName,
      name: u.name,
      lessonsDone: lessonCounts.get(u.id) ?? 0,
      exams: b?.exams ?? 0,
      bestScore: b?.best ?? null,
      passed: b?.passed ?? 0,
      lastAt: b?.lastAt ? iso(b.lastAt) : null,
    };
  });
}

export async function questions(db: Db, page: number, size: number) {
  const r = await repo.questionPage(db, page, size);
  return {
    total: r.total,
    rows: r.rows.map(presentQuestion),
  };
}

/**
 * A teacher's text question, new or edited (a starter one too: the starter repair never writes a
 * question it finds, so the edit stays). A photo question's key is not edited here (4400019).
 */
export async function saveChoiceQuestion(db: Db, userId: string, b: TrainingChoiceQuestionBody) {
  const { id, courseId, hidden, ...choice } = b;
  if (courseId && !(await repo.findCourse(db, courseId))) throw new AppError(TRAINING_ERRORS.COURSE_NOT_FOUND);
  if (!id) {
    const row = await repo.insertQuestionRow(db, {
      kind: 'choice',
      source: 'teacher',
      sourceRef: crypto.randomUUID(),
      courseId: courseId ?? null,
      choice,
      hidden,
      key: {},
      createdBy: userId,
    });
    return presentQuestion(row);
  }
  const q = await repo.findQuestion(db, id);
  if (!q) throw new AppError(TRAINING_ERRORS.QUESTION_NOT_FOUND);
  if (q.kind !== 'choice') throw new AppError(TRAINING_ERRORS.QUESTION_NOT_EDITABLE);
  const row = await repo.updateQuestion(db, id, {
    choice,
    hidden,
    ...(courseId !== undefined ? { courseId } : {}),
  });
  return presentQuestion(row!);
}

/** Hides a question from new practices and exams (attempts already drawn keep it), or shows it again. */
export async function setQuestionHidden(db: Db, id: string, hidden: boolean) {
  const row = await repo.updateQuestion(db, id, { hidden });
  if (!row) throw new AppError(TRAINING_ERRORS.QUESTION_NOT_FOUND);
  return presentQuestion(row);
}

/** A passed exam of the caller, for the certificate. */
export async function passedExam(db: Db, userId: string, id: string) {
  const a = await ownAttempt(db, userId, id);
  if (a.mode !== 'exam' || a.score === null || a.score < (a.passScore ?? 0))
    throw new AppError(TRAINING_ERRORS.NO_CERTIFICATE);
  const course = a.courseId ? await repo.findCourse(db, a.courseId) : undefined;
  return { attempt: a, course };
}
