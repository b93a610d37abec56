import { describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { trainingCourses, trainingLessons, trainingQuestions } from '../../db/schema/index.js';
import { maintenanceFinishedAt, runPendingMaintenance } from '../../maintenance/maintenance.js';
import { addTrainingStarter, starterContent, TRAINING_STARTER } from './training.starter.js';
import { useFreshDatabase } from '../../test/fresh-database.js';

/** On its own in-memory PGlite: an "older" database, migrated, that never had the starter course. */
const database = useFreshDatabase();

const quiet = { info: () => undefined, warn: () => undefined };
const S = starterContent();

describe('training-starter repair', () => {
  it('adds the starter course to an older database once; a teacher’s edits, hidden items and deletions stay as they are', async () => {
    const db = database.db;
    const all = { courses: 1, lessons: S.lessons.length, questions: S.questions.length };
    expect(await addTrainingStarter(db, { dryRun: true })).toEqual(all);
    expect(await db.select().from(trainingCourses)).toEqual([]);

    // The server start runs it as a pending repair and records it.
    await runPendingMaintenance(db, quiet);
    expect(await maintenanceFinishedAt(db, TRAINING_STARTER)).toBeInstanceOf(Date);
    const [course] = await db.select().from(trainingCourses).where(isNotNull(trainingCourses.starterRef));
    expect(course).toMatchObject({ titleZh: S.course.titleZh, published: true });
    const lessons = await db.select().from(trainingLessons).where(eq(trainingLessons.courseId, course!.id));
    expect(lessons).toHaveLength(S.lessons.length);
    const questions = await db.select().from(trainingQuestions).where(eq(trainingQuestions.source, 'starter'));
    expect(questions).toHaveLength(S.questions.length);
    expect(questions.every((q) => q.courseId === course!.id && q.kind === 'choice' && q.fileId === null)).toBe(true);

    // A teacher unpublishes and renames the course, edits a lesson, hides one question and edits another.
    await db
      .update(trainingCourses)
      .set({ published: false, titleEn: 'Ours' })
      .where(eq(trainingCourses.id, course!.id));
    await db
      .update(trainingLessons)
      .set({ bodyEn: '<p>ours</p>', hidden: true })
      .where(eq(trainingLessons.id, lessons[0]!.id));
    const [q1, q2] = questions;
    await db.update(trainingQuestions).set({ hidden: true }).where(eq(trainingQuestions.id, q1!.id));
    await db
      .update(trainingQuestions)
      .set({ choice: { ...q2!.choice!, promptEn: 'Our wording' } })
      .where(eq(trainingQuestions.id, q2!.id));
    // Run again (by hand, or a second server starting): nothing is added or rewritten.
    expect(await addTrainingStarter(db)).toEqual({ courses: 0, lessons: 0, questions: 0 });
    const [after] = await db.select().from(trainingCourses).where(eq(trainingCourses.id, course!.id));
    expect(after).toMatchObject({ published: false, titleEn: 'Ours' });
    const [l0] = await db.select().from(trainingLessons).where(eq(trainingLessons.id, lessons[0]!.id));
    expect(l0).toMatchObject({ bodyEn: '<p>ours</p>', hidden: true });
    const [a1] = await db.select().from(trainingQuestions).where(eq(trainingQuestions.id, q1!.id));
    const [a2] = await db.select().from(trainingQuestions).where(eq(trainingQuestions.id, q2!.id));
    expect(a1!.hidden).toBe(true);
    expect(a2!.choice!.promptEn).toBe('Our wording');

    // A question missing from the database (say, added to the data file later) is added alone.
    await db
      .delete(trainingQuestions)
      .where(and(eq(trainingQuestions.source, 'starter'), eq(trainingQuestions.sourceRef, S.questions[5]!.ref)));
    expect(await addTrainingStarter(db, { dryRun: true })).toEqual({ courses: 0, lessons: 0, questions: 1 });
    expect(await addTrainingStarter(db)).toEqual({ courses: 0, lessons: 0, questions: 1 });
    // Recorded: the next start does not run it again.
    expect(await runPendingMaintenance(db, quiet)).not.toContain(TRAINING_STARTER);
  });
});
