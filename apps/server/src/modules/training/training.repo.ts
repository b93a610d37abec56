import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  trainingAttemptItems,
  trainingAttempts,
  trainingCourses,
  trainingLessonDone,
  trainingLessons,
  trainingQuestions,
  users,
} from '../../db/schema/index.js';
import { firstRow } from '../../db/rows.js';

/** Seconds an exam answer may arrive after the deadline (the request's own travel time). */
export const ANSWER_GRACE_S = 5;

export type CourseRow = typeof trainingCourses.$inferSelect;
export type LessonRow = typeof trainingLessons.$inferSelect;
export type QuestionRow = typeof trainingQuestions.$inferSelect;
export type AttemptRow = typeof trainingAttempts.$inferSelect;
export type ItemRow = typeof trainingAttemptItems.$inferSelect;

export const listCourses = (db: Db, publishedOnly: boolean) =>
  db
    .select()
    .from(trainingCourses)
    .where(publishedOnly ? eq(trainingCourses.published, true) : undefined)
    .orderBy(asc(trainingCourses.sort), asc(trainingCourses.createdAt));

export const findCourse = (db: Db, id: string) => firstRow(db, trainingCourses, eq(trainingCourses.id, id));

export async function saveCourse(db: Db, id: string | undefined, v: Omit<typeof trainingCourses.$inferInsert, 'id'>) {
  if (!id) return (await db.insert(trainingCourses).values(v).returning())[0]!;
  return (await db.update(trainingCourses).set(v).where(eq(trainingCourses.id, id)).returning())[0];
}

export const lessonsOf = (db: Db, courseIds: readonly string[]) =>
  courseIds.length
    ? db
        .select()
        .from(trainingLessons)
        .where(inArray(trainingLessons.courseId, [...courseIds]))
        .orderBy(asc(trainingLessons.sort), asc(trainingLessons.titleZh))
    : Promise.resolve([] as LessonRow[]);

export const findLesson = (db: Db, id: string) => firstRow(db, trainingLessons, eq(trainingLessons.id, id));

export async function saveLesson(db: Db, id: string | undefined, v: Omit<typeof trainingLessons.$inferInsert, 'id'>) {
  if (!id) return (await db.insert(trainingLessons).values(v).returning())[0]!;
  return (await db.update(trainingLessons).set(v).where(eq(trainingLessons.id, id)).returning())[0];
}

export const lessonsDoneBy = (db: Db, userId: string) =>
  db
    .select({ lessonId: trainingLessonDone.lessonId })
    .from(trainingLessonDone)
    .where(eq(trainingLessonDone.userId, userId))
    .then((r) => new Set(r.map((x) => x.lessonId)));

export const markLessonDone = (db: Db, userId: string, lessonId: string) =>
  db.insert(trainingLessonDone).values({ userId, lessonId }).onConflictDoNothing();

/** Inserts a question unless its source and reference are already in the bank; true when added. */
export async function insertQuestion(db: Db, v: typeof trainingQuestions.$inferInsert): Promise<boolean> {
  const r = await db.insert(trainingQuestions).values(v).onConflictDoNothing().returning({ id: trainingQuestions.id });
  return r.length > 0;
}

export const questionExists = (db: Db, source: QuestionRow['source'], ref: string) =>
  db
    .select({ id: trainingQuestions.id })
    .from(trainingQuestions)
    .where(and(eq(trainingQuestions.source, source), eq(trainingQuestions.sourceRef, ref)))
    .then((r) => r.length > 0);

export async function questionPage(db: Db, page: number, size: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(trainingQuestions)
      .orderBy(desc(trainingQuestions.createdAt), asc(trainingQuestions.sourceRef))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(trainingQuestions),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * `n` shown questions drawn at random: the course's own when it has any (the starter course's
 * text questions), else the shared bank (questions of no course: imported photos, teaching cases).
 */
export async function drawQuestions(db: Db, n: number, courseId?: string) {
  const draw = (scope: SQL) =>
    db
      .select({ id: trainingQuestions.id })
      .from(trainingQuestions)
      .where(and(scope, eq(trainingQuestions.hidden, false)))
      .orderBy(sql`random()`)
      .limit(n)
      .then((r) => r.map((x) => x.id));
  const own = courseId ? await draw(eq(trainingQuestions.courseId, courseId)) : [];
  return own.length ? own : draw(isNull(trainingQuestions.courseId));
}

export const findQuestion = (db: Db, id: string) =>
  db
    .select()
    .from(trainingQuestions)
    .where(eq(trainingQuestions.id, id))
    .then((r) => r[0]);

export async function updateQuestion(db: Db, id: string, v: Partial<typeof trainingQuestions.$inferInsert>) {
  const r = await db.update(trainingQuestions).set(v).where(eq(trainingQuestions.id, id)).returning();
  return r[0];
}

export async function insertQuestionRow(db: Db, v: typeof trainingQuestions.$inferInsert) {
  return (await db.insert(trainingQuestions).values(v).returning())[0]!;
}

export const questionsByIds = (db: Db, ids: readonly string[]) =>
  ids.length
    ? db
        .select()
        .from(trainingQuestions)
        .where(inArray(trainingQuestions.id, [...ids]))
    : Promise.resolve([] as QuestionRow[]);

export async function insertAttempt(db: Db, v: typeof trainingAttempts.$inferInsert, questionIds: readonly string[]) {
  return db.transaction(async (tx) => {
    const [a] = await tx.insert(trainingAttempts).values(v).returning();
    await tx
      .insert(trainingAttemptItems)
      .values(questionIds.map((questionId, position) => ({ attemptId: a!.id, position, questionId })));
    return a!;
  });
}

export const findAttempt = (db: Db, id: string) =>
  db
    .select()
    .from(trainingAttempts)
    .where(eq(trainingAttempts.id, id))
    .then((r) => r[0]);

export const itemsOf = (db: Db, attemptId: string) =>
  db
    .select()
    .from(trainingAttemptItems)
    .where(eq(trainingAttemptItems.attemptId, attemptId))
    .orderBy(asc(trainingAttemptItems.position));

/**
 * Stores an answer only if the item is still open (and, for an exam, the deadline has not passed
 * by the database's clock): the condition sits in the UPDATE, so two racing answers cannot both land.
 */
export async function saveAnswer(
  db: Db,
  attemptId: string,
  position: number,
  v: Pick<ItemRow, 'reading' | 'choice' | 'correct' | 'scored'>,
): Promise<boolean> {
  const r = await db
    .update(trainingAttemptItems)
    .set({ ...v, answeredAt: sql`now()` })
    .where(
      and(
        eq(trainingAttemptItems.attemptId, attemptId),
        eq(trainingAttemptItems.position, position),
        sql`${trainingAttemptItems.answeredAt} is null`,
        sql`exists (select 1 from ${trainingAttempts} a where a.id = ${attemptId} and a.finished_at is null
            and (a.deadline is null or a.deadline + make_interval(secs => ${ANSWER_GRACE_S}) >= now()))`,
      ),
    )
    .returning({ p: trainingAttemptItems.position });
  return r.length > 0;
}

export async function finishAttempt(db: Db, id: string, score: number) {
  const r = await db
    .update(trainingAttempts)
    .set({ finishedAt: sql`now()`, score })
    .where(and(eq(trainingAttempts.id, id), sql`${trainingAttempts.finishedAt} is null`))
    .returning();
  return r[0];
}

export const attemptsOf = (db: Db, userId: string) =>
  db
    .select()
    .from(trainingAttempts)
    .where(eq(trainingAttempts.userId, userId))
    .orderBy(desc(trainingAttempts.startedAt));

/** Answered items of a user's practices: counts for the progress page. */
export async function practiceTotals(db: Db, userId: string) {
  const [r] = await db
    .select({
      answered: count(trainingAttemptItems.answeredAt),
      correct: sql<number>`coalesce(sum(${trainingAttemptItems.correct}), 0)::int`,
      scored: sql<number>`coalesce(sum(${trainingAttemptItems.scored}), 0)::int`,
    })
    .from(trainingAttemptItems)
    .innerJoin(trainingAttempts, eq(trainingAttempts.id, trainingAttemptItems.attemptId))
    .where(and(eq(trainingAttempts.userId, userId), eq(trainingAttempts.mode, 'practice')));
  return r ?? { answered: 0, correct: 0, scored: 0 };
}

/** Best handed-in exam score per training account, highest first (ties: earlier best first). */
export const examBests = (db: Db) =>
  db
    .select({
      userId: trainingAttempts.userId,
      name: users.name,
      loginName: users.loginName,
      best: sql<number>`max(${trainingAttempts.score})::int`,
      exams: count(),
      passed: sql<number>`count(*) filter (where ${trainingAttempts.score} >= ${trainingAttempts.passScore})::int`,
      lastAt: sql<string>`max(${trainingAttempts.finishedAt})`,
    })
    .from(trainingAttempts)
    .innerJoin(users, eq(users.id, trainingAttempts.userId))
    .where(and(eq(trainingAttempts.mode, 'exam'), isNotNull(trainingAttempts.finishedAt)))
    .groupBy(trainingAttempts.userId, users.name, users.loginName)
    .orderBy(desc(sql`max(${trainingAttempts.score})`), asc(sql`max(${trainingAttempts.finishedAt})`));

export const trainingAccounts = (db: Db) =>
  db
    .select({ id: users.id, name: users.name, loginName: users.loginName })
    .from(users)
    .where(eq(users.entrance, 'training'))
    .orderBy(asc(users.loginName));

/** Lessons read per learner, hidden lessons left out (as learners no longer see them). */
export const lessonsDoneCounts = (db: Db) =>
  db
    .select({ userId: trainingLessonDone.userId, n: count() })
    .from(trainingLessonDone)
    .innerJoin(trainingLessons, eq(trainingLessons.id, trainingLessonDone.lessonId))
    .where(eq(trainingLessons.hidden, false))
    .groupBy(trainingLessonDone.userId)
    .then((r) => new Map(r.map((x) => [x.userId, x.n])));

/** The teaching case made from this record, if any. */
export const teachingCaseOf = (db: Db, recordId: string) =>
  db
    .select()
    .from(trainingQuestions)
    .where(and(eq(trainingQuestions.source, 'teaching-case'), eq(trainingQuestions.sourceRef, recordId)))
    .then((r) => r[0]);

/** A doctor's teaching case: one question per record; marking it again replaces key and note. */
export async function upsertTeachingCase(db: Db, v: typeof trainingQuestions.$inferInsert) {
  const [row] = await db
    .insert(trainingQuestions)
    .values(v)
    .onConflictDoUpdate({
      target: [trainingQuestions.source, trainingQuestions.sourceRef],
      set: { key: v.key, note: v.note, engine: v.engine, fileId: v.fileId },
    })
    .returning();
  return row!;
}
