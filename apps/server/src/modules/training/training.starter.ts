import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { TRAINING_TOPICS, trainingChoiceSchema } from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { trainingCourses, trainingLessons } from '../../db/schema/index.js';
import { sanitizeTranslationText } from '../translation/sanitize.js';
import * as repo from './training.repo.js';
import data from './data/starter-course.json' with { type: 'json' };

/** The one-time repair (and first-seed step) that adds the starter course (docs/training.md). */
export const TRAINING_STARTER = 'training-starter';

const texts = z.object({ q: z.string(), o: z.array(z.string()), e: z.string() });
/** The data file's layout: one course, its lessons and its text questions, each with its source. */
export const starterFileSchema = z.object({
  course: z.object({
    ref: z.string().min(1),
    titleZh: z.string().min(1),
    titleEn: z.string().min(1),
    summaryZh: z.string(),
    summaryEn: z.string(),
    examQuestions: z.number().int().min(1).max(100),
    examMinutes: z.number().int().min(1).max(240),
    passScore: z.number().int().min(0).max(100),
  }),
  lessons: z
    .array(
      z.object({
        ref: z.string().min(1),
        titleZh: z.string().min(1),
        titleEn: z.string().min(1),
        bodyZh: z.string().min(1),
        bodyEn: z.string().min(1),
      }),
    )
    .min(1),
  questions: z
    .array(
      z.object({
        ref: z.string().min(1),
        topic: z.enum(TRAINING_TOPICS),
        answer: z.number().int().min(0),
        reference: z.string().min(1),
        zh: texts,
        en: texts,
      }),
    )
    .min(1),
});
export type StarterFile = z.infer<typeof starterFileSchema>;

/** The data file as text questions, each checked against the contract (options agree, answer in range). */
export function starterContent(file: unknown = data) {
  const f = starterFileSchema.parse(file);
  return {
    course: f.course,
    lessons: f.lessons,
    questions: f.questions.map((q) => ({
      ref: q.ref,
      choice: trainingChoiceSchema.parse({
        topic: q.topic,
        promptZh: q.zh.q,
        promptEn: q.en.q,
        optionsZh: q.zh.o,
        optionsEn: q.en.o,
        answer: q.answer,
        explanationZh: q.zh.e,
        explanationEn: q.en.e,
        reference: q.reference,
      }),
    })),
  };
}

const courseByRef = (db: Db, ref: string) =>
  db
    .select({ id: trainingCourses.id })
    .from(trainingCourses)
    .where(eq(trainingCourses.starterRef, ref))
    .then((r) => r[0]?.id);
const lessonByRef = (db: Db, ref: string) =>
  db
    .select({ id: trainingLessons.id })
    .from(trainingLessons)
    .where(eq(trainingLessons.starterRef, ref))
    .then((r) => r[0]?.id);

/**
 * Adds the starter course, its lessons and its questions where the database has none with their
 * data-file id. Nothing found is written again: a teacher's edit, an unpublished course or a
 * hidden lesson or question stays as the teacher left it. Runs once per database (recorded in
 * maintenance_runs) and from the first seed; answers the counts added (or that would be).
 */
export async function addTrainingStarter(
  db: Db,
  opts: { dryRun: boolean } = { dryRun: false },
): Promise<{ courses: number; lessons: number; questions: number }> {
  const s = starterContent();
  const added = { courses: 0, lessons: 0, questions: 0 };
  let courseId = await courseByRef(db, s.course.ref);
  if (!courseId) {
    added.courses++;
    if (!opts.dryRun) {
      const { ref, ...c } = s.course;
      courseId = (await repo.saveCourse(db, undefined, { ...c, starterRef: ref, published: true }))!.id;
    }
  }
  for (const [i, l] of s.lessons.entries()) {
    if (await lessonByRef(db, l.ref)) continue;
    added.lessons++;
    if (opts.dryRun || !courseId) continue;
    const { ref, ...v } = l;
    await repo.saveLesson(db, undefined, {
      ...v,
      courseId,
      starterRef: ref,
      sort: i,
      bodyZh: sanitizeTranslationText(v.bodyZh),
      bodyEn: sanitizeTranslationText(v.bodyEn),
    });
  }
  for (const q of s.questions) {
    if (opts.dryRun || !courseId) {
      if (!(await repo.questionExists(db, 'starter', q.ref))) added.questions++;
      continue;
    }
    const inserted = await repo.insertQuestion(db, {
      kind: 'choice',
      source: 'starter',
      sourceRef: q.ref,
      courseId,
      choice: q.choice,
      key: {},
    });
    if (inserted) added.questions++;
  }
  return added;
}
