import trainingErrors from './errors/training.json' with { type: 'json' };
import { z } from 'zod';
import { defineErrors } from './errors.js';
import {
  TONGUE_BODY_COLORS,
  TONGUE_COATING_COLORS,
  TONGUE_COATING_THICKNESS,
  TONGUE_GRADES,
} from './tongue-features.js';
import { TONGUE_FEATURES, type TongueFeature } from './vocabulary/tongue.js';

/**
 * Training module (docs/training.md): courses and lessons, a question bank of tongue photos with
 * expert labels, practice and timed exams scored against the labels, progress, leaderboard,
 * certificate. Range 4400001–4400099.
 */
export const TRAINING_ERRORS = defineErrors(trainingErrors);

/**
 * The choices of each feature a learner reads on a photo: exactly the tongue vocabulary's labels
 * (`tongue.<feature>.<label>`).
 */
const CHOICES = {
  bodyColor: TONGUE_BODY_COLORS,
  coatingColor: TONGUE_COATING_COLORS,
  coatingThickness: TONGUE_COATING_THICKNESS,
  cracks: TONGUE_GRADES,
  toothMarks: TONGUE_GRADES,
} as const satisfies { readonly [F in TongueFeature]?: readonly string[] };
export type TrainingFeature = keyof typeof CHOICES;
export const TRAINING_CHOICES: { readonly [F in TrainingFeature]: readonly string[] } = CHOICES;

/** The five readings a learner gives for a photo, in the vocabulary's order of the features (one list, issue 38). */
export const TRAINING_FEATURES: readonly TrainingFeature[] = TONGUE_FEATURES.filter((f): f is TrainingFeature =>
  Object.hasOwn(TRAINING_CHOICES, f),
);

/**
 * The answer key of a question: per feature the labels counted correct (more than one where the
 * expert's label is coarser than the vocabulary, e.g. TonguExpert's "dark" body = red, crimson or
 * purple); a feature left out is not scored for this photo.
 */
export const trainingKeySchema = z.object({
  bodyColor: z.array(z.enum(TONGUE_BODY_COLORS)).min(1).optional(),
  coatingColor: z.array(z.enum(TONGUE_COATING_COLORS)).min(1).optional(),
  coatingThickness: z.array(z.enum(TONGUE_COATING_THICKNESS)).min(1).optional(),
  cracks: z.array(z.enum(TONGUE_GRADES)).min(1).optional(),
  toothMarks: z.array(z.enum(TONGUE_GRADES)).min(1).optional(),
});
export type TrainingKey = z.infer<typeof trainingKeySchema>;

/** A learner's reading (and the engine's): one label per feature; a left-out feature counts wrong. */
export const trainingReadingSchema = z.object({
  bodyColor: z.enum(TONGUE_BODY_COLORS).optional(),
  coatingColor: z.enum(TONGUE_COATING_COLORS).optional(),
  coatingThickness: z.enum(TONGUE_COATING_THICKNESS).optional(),
  cracks: z.enum(TONGUE_GRADES).optional(),
  toothMarks: z.enum(TONGUE_GRADES).optional(),
});
export type TrainingReading = z.infer<typeof trainingReadingSchema>;

export const TRAINING_PATHS = {
  /** GET: courses with lessons (training entrance). POST: create or update a course (teacher). */
  courses: '/backend/training/courses',
  course: (id: string) => `/backend/training/courses/${id}`,
  /** POST: create or update a lesson (teacher); rich text sanitised on the server. */
  lessons: '/backend/training/lessons',
  lesson: (id: string) => `/backend/training/lessons/${id}`,
  /** POST: the learner marks a lesson read. */
  lessonDone: (id: string) => `/backend/training/lessons/${id}/done`,
  /** GET: question bank (teacher). POST multipart: import photos + label table (teacher). */
  questions: '/backend/training/questions',
  questionsImport: '/backend/training/questions/import',
  /** POST: create or update a text (multiple-choice) question (teacher). */
  choiceQuestions: '/backend/training/questions/choice',
  /** POST `{ hidden }`: hide a question from practices and exams, or show it again (teacher). */
  questionHidden: (id: string) => `/backend/training/questions/${id}/hidden`,
  /** POST: start a practice or an exam. */
  attempts: '/backend/training/attempts',
  attempt: (id: string) => `/backend/training/attempts/${id}`,
  answer: (id: string) => `/backend/training/attempts/${id}/answer`,
  finish: (id: string) => `/backend/training/attempts/${id}/finish`,
  certificate: (id: string) => `/backend/training/attempts/${id}/certificate`,
  progress: '/backend/training/progress',
  leaderboard: '/backend/training/leaderboard',
  /** GET: every learner's results (teacher). */
  teacherResults: '/backend/training/teacher/results',
  /** POST (doctor entrance): a record of the doctor's becomes a question with the doctor's labels. */
  teachingCases: '/backend/doctor/training/teachingCases',
  /** GET (doctor entrance): whether one of the doctor's records is a teaching case, and the engine's reading. */
  teachingCaseOf: (recordId: string) => `/backend/doctor/training/teachingCases/${recordId}`,
  /** GET, no sign-in: published courses for the public /shezhenshixun page. */
  publicCourses: '/backend/training/public/courses',
} as const;

const MAX_HTML = 200_000;
/** Options of a text question, at most. */
export const TRAINING_MAX_OPTIONS = 6;
const localText = z.string().trim().max(200);

export const trainingCourseBody = z.object({
  id: z.string().uuid().optional(),
  titleZh: localText.min(1),
  titleEn: localText.min(1),
  summaryZh: z.string().trim().max(2000).default(''),
  summaryEn: z.string().trim().max(2000).default(''),
  published: z.boolean().default(false),
  /** Exam of the course: questions drawn, minutes allowed, pass mark (0–100). */
  examQuestions: z.number().int().min(1).max(100).default(10),
  examMinutes: z.number().int().min(1).max(240).default(20),
  passScore: z.number().int().min(0).max(100).default(60),
  sort: z.number().int().min(0).max(10000).default(0),
});
export type TrainingCourseBody = z.infer<typeof trainingCourseBody>;

export const trainingLessonBody = z.object({
  id: z.string().uuid().optional(),
  courseId: z.string().uuid(),
  titleZh: localText.min(1),
  titleEn: localText.min(1),
  /** Rich text (HTML of the editor; images uploaded through the files module). */
  bodyZh: z.string().max(MAX_HTML).default(''),
  bodyEn: z.string().max(MAX_HTML).default(''),
  sort: z.number().int().min(0).max(10000).default(0),
  /** Hidden lessons stay for teachers and disappear for learners; left out = unchanged (new: shown). */
  hidden: z.boolean().optional(),
});
export type TrainingLessonBody = z.infer<typeof trainingLessonBody>;

export const trainingIdParams = z.object({ id: z.string().uuid() });

/** The four diagnoses a text question belongs to (望 闻 问 切). */
export const TRAINING_TOPICS = ['inspection', 'listening', 'inquiry', 'palpation'] as const;
export type TrainingTopic = (typeof TRAINING_TOPICS)[number];

const choiceOption = z.string().trim().min(1).max(300);
/**
 * A text question: a prompt and 2–6 options in zh and en (same count), the right option's index,
 * the explanation shown after the answer and the source of its fact (docs/training.md "Starter course").
 */
export const trainingChoiceFields = z.object({
  topic: z.enum(TRAINING_TOPICS),
  promptZh: z.string().trim().min(1).max(1000),
  promptEn: z.string().trim().min(1).max(1000),
  optionsZh: z.array(choiceOption).min(2).max(TRAINING_MAX_OPTIONS),
  optionsEn: z.array(choiceOption).min(2).max(TRAINING_MAX_OPTIONS),
  answer: z
    .number()
    .int()
    .min(0)
    .max(TRAINING_MAX_OPTIONS - 1),
  explanationZh: z.string().trim().max(2000).default(''),
  explanationEn: z.string().trim().max(2000).default(''),
  reference: z.string().trim().min(1).max(500),
});
export type TrainingChoice = z.infer<typeof trainingChoiceFields>;

/** The options agree in count across languages and the answer is one of them. */
const choiceConsistent = (c: Pick<TrainingChoice, 'optionsZh' | 'optionsEn' | 'answer'>, ctx: z.RefinementCtx) => {
  if (c.optionsEn.length !== c.optionsZh.length)
    ctx.addIssue({ code: 'custom', path: ['optionsEn'], message: 'same count as optionsZh' });
  if (c.answer >= c.optionsZh.length) ctx.addIssue({ code: 'custom', path: ['answer'], message: 'one of the options' });
};
export const trainingChoiceSchema = trainingChoiceFields.superRefine(choiceConsistent);

export const trainingChoiceQuestionBody = trainingChoiceFields
  .extend({
    /** Given: update that question (its key stays its own; a starter question is never rewritten by the server). */
    id: z.string().uuid().optional(),
    /** The course whose practices and exams draw it; none = the shared bank. */
    courseId: z.string().uuid().nullable().optional(),
    hidden: z.boolean().default(false),
  })
  .superRefine(choiceConsistent);
export type TrainingChoiceQuestionBody = z.infer<typeof trainingChoiceQuestionBody>;

export const trainingHiddenBody = z.object({ hidden: z.boolean() });

export const trainingStartAttemptBody = z.object({
  mode: z.enum(['practice', 'exam']),
  /** An exam belongs to a course (its question count, time and pass mark); practice may name one. */
  courseId: z.string().uuid().optional(),
  /** Practice only: how many photos (default 5). */
  count: z.number().int().min(1).max(50).optional(),
});
export type TrainingStartAttemptBody = z.infer<typeof trainingStartAttemptBody>;

/** A photo question takes `reading`, a choice question `choice` (the option's index); else 400 4400018. */
export const trainingAnswerBody = z.object({
  questionId: z.string().uuid(),
  reading: trainingReadingSchema.optional(),
  choice: z
    .number()
    .int()
    .min(0)
    .max(TRAINING_MAX_OPTIONS - 1)
    .optional(),
});
export type TrainingAnswerBody = z.infer<typeof trainingAnswerBody>;

export const trainingTeachingCaseBody = z.object({
  recordId: z.string().uuid(),
  key: trainingKeySchema,
  note: z.string().trim().max(2000).optional(),
});
export type TrainingTeachingCaseBody = z.infer<typeof trainingTeachingCaseBody>;

export const trainingLangQuery = z.object({ lang: z.enum(['zh', 'en']).optional() });

export const trainingQuestionsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => [100, 200, 500, 1000].includes(n), { message: '100, 200, 500 or 1000' })
    .default(100),
});

// ---- answers ----

export const trainingLessonSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  bodyZh: z.string(),
  bodyEn: z.string(),
  sort: z.number(),
  hidden: z.boolean(),
  /** Part of the starter course shipped with the project (a teacher may edit or hide it). */
  starter: z.boolean(),
  done: z.boolean(),
});
export const trainingCourseSchema = z.object({
  id: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  summaryZh: z.string(),
  summaryEn: z.string(),
  published: z.boolean(),
  examQuestions: z.number(),
  examMinutes: z.number(),
  passScore: z.number(),
  sort: z.number(),
  starter: z.boolean(),
  lessons: z.array(trainingLessonSchema),
});
export type TrainingCourse = z.infer<typeof trainingCourseSchema>;
export const trainingPublicCourseSchema = trainingCourseSchema
  .pick({
    id: true,
    titleZh: true,
    titleEn: true,
    summaryZh: true,
    summaryEn: true,
    examQuestions: true,
    examMinutes: true,
  })
  .extend({ lessonCount: z.number() });

export const TRAINING_QUESTION_SOURCES = ['import', 'teaching-case', 'starter', 'teacher'] as const;
export const trainingQuestionSchema = z.object({
  id: z.string(),
  kind: z.enum(['photo', 'choice']),
  /** Photo questions only. */
  photoUrl: z.string().nullable(),
  source: z.enum(TRAINING_QUESTION_SOURCES),
  sourceRef: z.string(),
  courseId: z.string().nullable(),
  hidden: z.boolean(),
  key: trainingKeySchema,
  engine: trainingReadingSchema.nullable(),
  /** Text questions only: prompt, options, answer, explanation, source of the fact. */
  choice: trainingChoiceFields.nullable(),
  createdAt: z.string(),
});
export type TrainingQuestion = z.infer<typeof trainingQuestionSchema>;
export const trainingQuestionPageSchema = z.object({ total: z.number(), rows: z.array(trainingQuestionSchema) });

/** A record as the doctor's teaching-case button sees it: marked (key, note) or not, and what the engine read. */
export const trainingTeachingCaseStateSchema = z.object({
  marked: z.object({ key: trainingKeySchema, note: z.string().nullable() }).nullable(),
  engine: trainingReadingSchema.nullable(),
});
export type TrainingTeachingCaseState = z.infer<typeof trainingTeachingCaseStateSchema>;

export const trainingImportResultSchema = z.object({
  imported: z.number(),
  skipped: z.array(z.object({ ref: z.string(), reason: z.string() })),
});
export type TrainingImportResult = z.infer<typeof trainingImportResultSchema>;

/** A question as the learner sees it before answering: the photo, or the prompt and options. */
export const trainingAttemptItemSchema = z.object({
  questionId: z.string(),
  kind: z.enum(['photo', 'choice']),
  photoUrl: z.string().nullable(),
  prompt: trainingChoiceFields
    .pick({ topic: true, promptZh: true, promptEn: true, optionsZh: true, optionsEn: true })
    .nullable(),
  answered: z.boolean(),
  /** After the answer: the learner's reading, the key, per-feature marks and the engine's reading. */
  review: z
    .object({
      reading: trainingReadingSchema,
      key: trainingKeySchema,
      marks: z.record(z.string(), z.boolean()),
      correct: z.number(),
      scored: z.number(),
      engine: trainingReadingSchema.nullable(),
      /** Text questions: the option chosen, the right one, the explanation and its source. */
      choice: z
        .object({
          given: z.number(),
          answer: z.number(),
          explanationZh: z.string(),
          explanationEn: z.string(),
          reference: z.string(),
        })
        .nullable(),
    })
    .nullable(),
});
export type TrainingAttemptItem = z.infer<typeof trainingAttemptItemSchema>;

export const trainingAttemptSchema = z.object({
  id: z.string(),
  mode: z.enum(['practice', 'exam']),
  courseId: z.string().nullable(),
  startedAt: z.string(),
  /** Exams only: answers after this instant are refused (4400007). */
  deadline: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** 0–100 once handed in: correct feature readings over scored ones. */
  score: z.number().nullable(),
  passScore: z.number().nullable(),
  passed: z.boolean().nullable(),
  items: z.array(trainingAttemptItemSchema),
});
export type TrainingAttempt = z.infer<typeof trainingAttemptSchema>;

export const trainingProgressSchema = z.object({
  courses: z.array(
    z.object({
      courseId: z.string(),
      titleZh: z.string(),
      titleEn: z.string(),
      lessons: z.number(),
      lessonsDone: z.number(),
      bestScore: z.number().nullable(),
      passed: z.boolean(),
      certificateAttemptId: z.string().nullable(),
    }),
  ),
  practice: z.object({ attempts: z.number(), answered: z.number(), correct: z.number(), scored: z.number() }),
});
export type TrainingProgress = z.infer<typeof trainingProgressSchema>;

export const trainingLeaderboardSchema = z.array(
  z.object({ rank: z.number(), name: z.string(), me: z.boolean(), bestScore: z.number(), exams: z.number() }),
);
export type TrainingLeaderboard = z.infer<typeof trainingLeaderboardSchema>;

export const trainingTeacherResultsSchema = z.array(
  z.object({
    userId: z.string(),
    loginName: z.string(),
    name: z.string(),
    lessonsDone: z.number(),
    exams: z.number(),
    bestScore: z.number().nullable(),
    passed: z.number(),
    lastAt: z.string().nullable(),
  }),
);
export type TrainingTeacherResults = z.infer<typeof trainingTeacherResultsSchema>;

/** The role code that makes a training account a teacher (courses, question bank, results). */
export const TRAINING_TEACHER_ROLE = 'training_teacher';
