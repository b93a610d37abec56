import { z } from 'zod';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  formatDate,
  TRAINING_ERRORS,
  TRAINING_PATHS,
  TRAINING_TEACHER_ROLE,
  trainingAnswerBody,
  trainingAttemptSchema,
  trainingChoiceQuestionBody,
  trainingCourseBody,
  trainingHiddenBody,
  trainingCourseSchema,
  trainingIdParams,
  trainingImportResultSchema,
  trainingLangQuery,
  trainingLeaderboardSchema,
  trainingLessonBody,
  trainingLessonSchema,
  trainingProgressSchema,
  trainingPublicCourseSchema,
  trainingQuestionPageSchema,
  trainingQuestionSchema,
  trainingTeachingCaseStateSchema,
  trainingQuestionsQuery,
  trainingStartAttemptBody,
  trainingTeacherResultsSchema,
  trainingTeachingCaseBody,
} from '@tcm/contract';
import { renderCertificate } from '@tcm/report';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { OPEN, routeOf } from '../../http/route.js';
import { principalOf, requireAuth } from '../auth/guard.js';
import * as svc from './training.service.js';
import { markTeachingCase, teachingCaseState } from './training.cases.js';
import { importQuestions } from './training.import.js';
import { readImportUpload } from './training.upload.js';

const tags = ['training'];
const route = routeOf(tags);
/** Learners and teachers: the training entrance only (every other area refuses it, and it them). */
const learner = requireAuth({ entrances: ['training'] });
/**
 * Teachers: a training account holding the `training_teacher` role. Checked in onRequest, after
 * the entrance, so a learner gets 403 before the body is read (docs/auth.md "Guard order").
 */
const teacher: onRequestAsyncHookHandler = async function (request, reply) {
  await learner.call(this, request, reply);
  const g = await request.grants();
  if (!g.allAccess && !g.roles.includes(TRAINING_TEACHER_ROLE)) throw new AppError(TRAINING_ERRORS.TEACHER_REQUIRED);
};
const doctor = requireAuth({ entrances: ['doctor'] });

/** The training module (docs/training.md). */
export const trainingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  const me = (request: FastifyRequest) => principalOf(request).user;

  app.get(
    TRAINING_PATHS.publicCourses,
    route(OPEN, 'Published courses for /shezhenshixun (no sign-in)', {
      data: z.array(trainingPublicCourseSchema),
    }),
    async (request) => ok(await svc.publicCourses(db), request.msgLang),
  );

  app.get(
    TRAINING_PATHS.courses,
    route(learner, 'Courses and lessons (teachers also see unpublished ones)', { data: z.array(trainingCourseSchema) }),
    async (request) => {
      const g = await request.grants();
      const isTeacher = g.allAccess || g.roles.includes(TRAINING_TEACHER_ROLE);
      return ok(await svc.courses(db, me(request).id, !isTeacher), request.msgLang);
    },
  );

  app.post(
    TRAINING_PATHS.courses,
    route(teacher, 'Create or update a course (teacher)', { body: trainingCourseBody, data: z.unknown() }),
    async (request) => ok(await svc.saveCourse(db, request.body), request.msgLang),
  );

  app.post(
    TRAINING_PATHS.lessons,
    route(teacher, 'Create or update a lesson; rich text sanitised (teacher)', {
      body: trainingLessonBody,
      data: trainingLessonSchema,
    }),
    async (request) => ok(await svc.saveLesson(db, request.body), request.msgLang),
  );

  app.post(
    TRAINING_PATHS.lessonDone(':id'),
    route(learner, 'Mark a lesson read', {
      params: trainingIdParams,
      data: z.object({ lessonId: z.string(), done: z.boolean() }),
    }),
    async (request) => ok(await svc.lessonDone(db, me(request).id, request.params.id), request.msgLang),
  );

  app.get(
    TRAINING_PATHS.questions,
    route(teacher, 'The question bank, a page (teacher)', {
      querystring: trainingQuestionsQuery,
      data: trainingQuestionPageSchema,
    }),
    async (request) => ok(await svc.questions(db, request.query.page, request.query.size), request.msgLang),
  );

  app.post(
    TRAINING_PATHS.questionsImport,
    route(teacher, 'Import photos (`photos`, up to 9) with a label table (`labels`) (teacher)', {
      consumes: ['multipart/form-data'],
      data: trainingImportResultSchema,
    }),
    async (request) => {
      const upload = await readImportUpload(request);
      return ok(await importQuestions(ctx, { ...upload, importedBy: me(request).id }), request.msgLang);
    },
  );

  app.post(
    TRAINING_PATHS.choiceQuestions,
    route(teacher, 'Create or update a text (multiple-choice) question, a starter one too (teacher)', {
      body: trainingChoiceQuestionBody,
      data: trainingQuestionSchema,
    }),
    async (request) => ok(await svc.saveChoiceQuestion(db, me(request).id, request.body), request.msgLang),
  );

  app.post(
    TRAINING_PATHS.questionHidden(':id'),
    route(teacher, 'Hide a question from new practices and exams, or show it again (teacher)', {
      params: trainingIdParams,
      body: trainingHiddenBody,
      data: trainingQuestionSchema,
    }),
    async (request) => ok(await svc.setQuestionHidden(db, request.params.id, request.body.hidden), request.msgLang),
  );

  app.post(
    TRAINING_PATHS.attempts,
    route(learner, 'Start a practice or a timed exam', { body: trainingStartAttemptBody, data: trainingAttemptSchema }),
    async (request) => ok(await svc.startAttempt(db, me(request).id, request.body), request.msgLang),
  );

  app.get(
    TRAINING_PATHS.attempt(':id'),
    route(learner, 'One of the caller’s attempts', { params: trainingIdParams, data: trainingAttemptSchema }),
    async (request) => ok(await svc.attempt(db, me(request).id, request.params.id), request.msgLang),
  );

  app.post(
    TRAINING_PATHS.answer(':id'),
    route(learner, 'Answer one photo (once); an exam refuses answers after its deadline (4400007)', {
      params: trainingIdParams,
      body: trainingAnswerBody,
      data: trainingAttemptSchema,
    }),
    async (request) => ok(await svc.answer(db, me(request).id, request.params.id, request.body), request.msgLang),
  );

  app.post(
    TRAINING_PATHS.finish(':id'),
    route(learner, 'Hand in: the score', { params: trainingIdParams, data: trainingAttemptSchema }),
    async (request) => ok(await svc.finish(db, me(request).id, request.params.id), request.msgLang),
  );

  app.get(
    TRAINING_PATHS.certificate(':id'),
    route(learner, 'Completion certificate PDF of a passed exam', {
      params: trainingIdParams,
      querystring: trainingLangQuery,
      produces: ['application/pdf'],
    }),
    async (request, reply) => {
      const user = me(request);
      const lang = request.query.lang ?? request.msgLang;
      const { attempt, course } = await svc.passedExam(db, user.id, request.params.id);
      const pdf = await renderCertificate({
        lang,
        organisation: lang === 'zh' ? '中医舌诊开放平台' : 'TCM Tongue Diagnosis Open Platform',
        name: user.name,
        course: course ? (lang === 'zh' ? course.titleZh : course.titleEn) : '',
        score: attempt.score!,
        passScore: attempt.passScore ?? 0,
        date: formatDate(attempt.finishedAt!, lang, { time: false }),
        certificateId: attempt.id.slice(0, 8).toUpperCase(),
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="certificate.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    TRAINING_PATHS.progress,
    route(learner, 'The caller’s lessons read, best scores, certificates, practice totals', {
      data: trainingProgressSchema,
    }),
    async (request) => ok(await svc.progress(db, me(request).id), request.msgLang),
  );

  app.get(
    TRAINING_PATHS.leaderboard,
    route(learner, 'Learners by best exam score (names masked)', { data: trainingLeaderboardSchema }),
    async (request) => ok(await svc.leaderboard(db, me(request).id), request.msgLang),
  );

  app.get(
    TRAINING_PATHS.teacherResults,
    route(teacher, 'Every learner’s results (teacher)', { data: trainingTeacherResultsSchema }),
    async (request) => ok(await svc.teacherResults(db), request.msgLang),
  );

  app.post(
    TRAINING_PATHS.teachingCases,
    route(doctor, 'Mark one of the doctor’s records as a teaching case', {
      body: trainingTeachingCaseBody,
      data: trainingQuestionSchema,
    }),
    async (request) => ok(await markTeachingCase(db, me(request).id, request.body), request.msgLang),
  );

  app.get(
    TRAINING_PATHS.teachingCaseOf(':recordId'),
    route(doctor, 'Whether one of the doctor’s records is a teaching case, with the engine’s reading', {
      params: z.object({ recordId: z.string().uuid() }),
      data: trainingTeachingCaseStateSchema,
    }),
    async (request) => ok(await teachingCaseState(db, me(request).id, request.params.recordId), request.msgLang),
  );
};
