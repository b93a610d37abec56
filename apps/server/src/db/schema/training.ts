import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment, requiredRef, uuidId } from './columns.js';
import type { TrainingChoice, TrainingKey, TrainingReading } from '@tcm/contract';
import { recordsTable, storedFiles } from './records.js';
import { users } from './users.js';

/** Courses of the training module (docs/training.md); `published` ones appear on /shezhenshixun. */
export const trainingCourses = pgTable('training_course', {
  id: uuidId(),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  summaryZh: text('summary_zh').notNull().default(''),
  summaryEn: text('summary_en').notNull().default(''),
  published: boolean('published').notNull().default(false),
  examQuestions: integer('exam_questions').notNull().default(10),
  examMinutes: integer('exam_minutes').notNull().default(20),
  passScore: integer('pass_score').notNull().default(60),
  sort: integer('sort').notNull().default(0),
  /** The starter course's id in the project's data file (docs/training.md "Starter course"); null = a teacher's. */
  starterRef: text('starter_ref').unique(),
  createdAt: createdAt(),
});

/** Lessons: sanitised rich text in both languages. */
export const trainingLessons = pgTable(
  'training_lesson',
  {
    id: uuidId(),
    courseId: requiredRef('course_id', () => trainingCourses.id, 'cascade'),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    bodyZh: text('body_zh').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** Hidden from learners (teachers still see and edit it). */
    hidden: boolean('hidden').notNull().default(false),
    starterRef: text('starter_ref').unique(),
  },
  (t) => [index('training_lesson_course_idx').on(t.courseId)],
);

export const trainingLessonDone = pgTable(
  'training_lesson_done',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    lessonId: requiredRef('lesson_id', () => trainingLessons.id, 'cascade'),
    at: moment('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

/**
 * The question bank. A photo question: one tongue photo with its answer key (expert labels as
 * vocabulary ids) and the engine's reading when known. A choice question: a text prompt with
 * options (`choice`), from the starter course or written by a teacher. `sourceRef` = the photo id
 * of an import, the record id of a teaching case, the starter data file's id, or a random id for
 * a teacher's question; unique per source so that an import or a repair run twice adds nothing.
 * `courseId` set: drawn by that course's practices and exams instead of the shared bank.
 */
export const trainingQuestions = pgTable(
  'training_question',
  {
    id: uuidId(),
    kind: text('kind', { enum: ['photo', 'choice'] })
      .notNull()
      .default('photo'),
    fileId: uuid('file_id').references(() => storedFiles.id),
    source: text('source', { enum: ['import', 'teaching-case', 'starter', 'teacher'] }).notNull(),
    sourceRef: text('source_ref').notNull(),
    courseId: uuid('course_id').references(() => trainingCourses.id, { onDelete: 'cascade' }),
    choice: jsonb('choice').$type<TrainingChoice>(),
    hidden: boolean('hidden').notNull().default(false),
    recordId: uuid('record_id').references(() => recordsTable.id, { onDelete: 'set null' }),
    key: jsonb('key').$type<TrainingKey>().notNull(),
    engine: jsonb('engine').$type<TrainingReading>(),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('training_question_source_idx').on(t.source, t.sourceRef),
    index('training_question_course_idx').on(t.courseId),
  ],
);

/** One practice or exam of a learner; the exam's deadline is fixed at the start. */
export const trainingAttempts = pgTable(
  'training_attempt',
  {
    id: uuidId(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    mode: text('mode', { enum: ['practice', 'exam'] }).notNull(),
    courseId: uuid('course_id').references(() => trainingCourses.id, { onDelete: 'set null' }),
    passScore: integer('pass_score'),
    startedAt: moment('started_at').notNull().defaultNow(),
    deadline: moment('deadline'),
    finishedAt: moment('finished_at'),
    score: integer('score'),
  },
  (t) => [index('training_attempt_user_idx').on(t.userId)],
);

/** The questions drawn for an attempt, in order, and the learner's answer once given. */
export const trainingAttemptItems = pgTable(
  'training_attempt_item',
  {
    attemptId: requiredRef('attempt_id', () => trainingAttempts.id, 'cascade'),
    position: integer('position').notNull(),
    questionId: requiredRef('question_id', () => trainingQuestions.id, 'cascade'),
    reading: jsonb('reading').$type<TrainingReading>(),
    /** Text questions: the index of the option chosen. */
    choice: integer('choice'),
    correct: integer('correct'),
    scored: integer('scored'),
    answeredAt: moment('answered_at'),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.position] })],
);
