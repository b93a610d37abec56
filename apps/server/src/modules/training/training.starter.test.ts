import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AUTH_ERRORS,
  SPEC_ERRORS,
  TRAINING_ERRORS,
  TRAINING_PATHS,
  TRAINING_TOPICS,
  type TrainingAttempt,
  type TrainingCourse,
  type TrainingQuestion,
} from '@tcm/contract';
import { trainingQuestions } from '../../db/schema/index.js';
import { call, refusals, refusedFields } from '../../test/http.js';
import { dataFile, userWithToken } from '../../test/records-helpers.js';
import { trainingKit } from './training.test-kit.js';
import { saveFile } from '../files/files.service.js';
import { starterContent } from './training.starter.js';
import { useTestApp } from '../../test/suite.js';

/**
 * The starter course on the suite's database: the first seed (test/global-setup.ts runs the real
 * seedIfEmpty) brings it, so these tests see what a fresh install sees. The repair on older
 * databases is training-starter.repair.test.ts.
 */
const t = useTestApp();

const { get, post, learner, teacher } = trainingKit(() => t);
const ID = '00000000-0000-4000-8000-000000000002';
const STARTER = starterContent();

const starterCourse = async (token: string) => {
  const r = await get(TRAINING_PATHS.courses, token);
  expect(r.status).toBe(200);
  return (r.body.data as TrainingCourse[]).find((c) => c.starter)!;
};
/** The starter questions as the teacher's bank lists them (the bank is newest first; 1000 holds them all). */
async function starterBank(token: string): Promise<TrainingQuestion[]> {
  const r = await get(`${TRAINING_PATHS.questions}?size=1000`, token);
  expect(r.status).toBe(200);
  return (r.body.data.rows as TrainingQuestion[]).filter((q) => q.source === 'starter');
}

describe('training starter course: the data file', () => {
  it('holds four lessons and at least 100 text questions on the four diagnoses, each with its answer, explanation and source in zh and en', () => {
    expect(STARTER.lessons).toHaveLength(4);
    expect(STARTER.questions.length).toBeGreaterThanOrEqual(100);
    expect(new Set(STARTER.questions.map((q) => q.ref)).size).toBe(STARTER.questions.length);
    for (const topic of TRAINING_TOPICS)
      expect(STARTER.questions.filter((q) => q.choice.topic === topic).length).toBeGreaterThanOrEqual(10);
    for (const { ref, choice: c } of STARTER.questions) {
      expect([ref, c.optionsZh.length]).toEqual([ref, c.optionsEn.length]);
      expect(c.answer).toBeLessThan(c.optionsZh.length);
      for (const text of [c.promptZh, c.promptEn, c.explanationZh, c.explanationEn, c.reference])
        expect(text.length).toBeGreaterThan(3);
      // The source is the textbook or the constitution standard (docs/training.md "Starter course").
      expect(c.reference).toMatch(/《中医诊断学》|ZYYXH\/T157-2009/);
    }
    for (const l of STARTER.lessons) {
      expect(l.bodyZh).toContain('来源');
      expect(l.bodyEn).toContain('Sources');
    }
  });
});

describe('training starter course on a fresh install', () => {
  it('a learner sees the published starter course with its lessons; the teacher sees every starter question', async () => {
    const l = await learner();
    const c = await starterCourse(l.token);
    expect(c).toMatchObject({ titleZh: STARTER.course.titleZh, titleEn: STARTER.course.titleEn, published: true });
    expect(c.lessons.map((x) => x.titleEn)).toEqual(STARTER.lessons.map((x) => x.titleEn));
    const tt = await teacher();
    const qs = await starterBank(tt.token);
    expect(qs.length).toBe(STARTER.questions.length);
    expect(qs.every((q) => q.kind === 'choice' && q.courseId === c.id && q.photoUrl === null)).toBe(true);
    const pub = await get(TRAINING_PATHS.publicCourses);
    expect(pub.body.data.find((x: { id: string }) => x.id === c.id)).toMatchObject({ lessonCount: 4 });
  });

  it('a practice of the starter course starts at once (no 409) and is scored by hand: 3 of 5 right = 60', async () => {
    const l = await learner();
    const c = await starterCourse(l.token);
    const start = await post(TRAINING_PATHS.attempts, l.token, { mode: 'practice', courseId: c.id, count: 5 });
    expect(start.status).toBe(200);
    const a = start.body.data as TrainingAttempt;
    expect(a.items).toHaveLength(5);
    // Before the answer: the prompt and the options, not the answer.
    expect(a.items[0]).toMatchObject({ kind: 'choice', photoUrl: null, answered: false, review: null });
    expect(a.items[0]!.prompt!.optionsZh.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(a.items)).not.toMatch(/"answer"|explanation/);
    const answerOf = new Map(STARTER.questions.map((q) => [q.choice.promptEn, q.choice]));
    const key = (i: number) => answerOf.get(a.items[i]!.prompt!.promptEn)!;
    // Items 0–2 right, item 3 wrong, item 4 left unanswered: 3 / 5.
    for (const i of [0, 1, 2]) {
      const r = await post(TRAINING_PATHS.answer(a.id), l.token, {
        questionId: a.items[i]!.questionId,
        choice: key(i).answer,
      });
      expect(r.status).toBe(200);
      expect(r.body.data.items[i].review).toMatchObject({
        correct: 1,
        scored: 1,
        choice: { given: key(i).answer, answer: key(i).answer, explanationZh: key(i).explanationZh },
      });
    }
    const wrong = (key(3).answer + 1) % key(3).optionsZh.length;
    const r3 = await post(TRAINING_PATHS.answer(a.id), l.token, { questionId: a.items[3]!.questionId, choice: wrong });
    expect(r3.body.data.items[3].review).toMatchObject({ correct: 0, scored: 1, choice: { given: wrong } });
    const done = await post(TRAINING_PATHS.finish(a.id), l.token);
    expect(done.body.data.score).toBe(60);
    const p = (await get(TRAINING_PATHS.progress, l.token)).body.data;
    expect(p.practice).toMatchObject({ attempts: 1, answered: 4, correct: 3, scored: 4 });
  });

  it('an answer that does not fit the question is 400 4400018 (a reading for a text question, an option it lacks)', async () => {
    const l = await learner();
    const c = await starterCourse(l.token);
    const a = (await post(TRAINING_PATHS.attempts, l.token, { mode: 'practice', courseId: c.id, count: 1 })).body
      .data as TrainingAttempt;
    const questionId = a.items[0]!.questionId;
    for (const body of [
      { questionId, reading: { bodyColor: 'pale' } },
      { questionId },
      { questionId, choice: a.items[0]!.prompt!.optionsZh.length },
    ]) {
      const r = await call(t.app, 'POST', TRAINING_PATHS.answer(a.id), l.token, body, { 'accept-language': 'en' });
      expect([r.status, r.body.code, r.body.msg]).toEqual([
        400,
        TRAINING_ERRORS.ANSWER_MISMATCH.code,
        TRAINING_ERRORS.ANSWER_MISMATCH.en,
      ]);
    }
    const bad = await post(TRAINING_PATHS.answer(a.id), l.token, { questionId, choice: -1 });
    expect([bad.status, bad.body.code]).toEqual([400, 2000400]);
    expect(refusedFields(bad.body)).toMatch(/choice/);
  });

  it('the starter exam draws the course questions: 20 in 30 minutes, pass mark 60', async () => {
    const l = await learner();
    const c = await starterCourse(l.token);
    const r = await post(TRAINING_PATHS.attempts, l.token, { mode: 'exam', courseId: c.id });
    expect(r.status).toBe(200);
    expect(r.body.data.items).toHaveLength(20);
    expect(r.body.data.passScore).toBe(60);
    const minutes = (Date.parse(r.body.data.deadline) - Date.parse(r.body.data.startedAt)) / 60_000;
    expect(minutes).toBe(30);
  });
});

describe('training starter course: a teacher edits and hides it', () => {
  it('edits a starter lesson and hides another: learners no longer see the hidden one, the teacher does', async () => {
    const tt = await teacher();
    const l = await learner();
    const c = await starterCourse(tt.token);
    const [first, second] = c.lessons;
    const edit = await post(TRAINING_PATHS.lessons, tt.token, {
      ...first,
      titleEn: 'Inspection (our notes)',
      bodyEn: '<p>Our own notes<script>alert(1)</script></p>',
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ starter: true, hidden: false, bodyEn: '<p>Our own notes</p>' });
    expect((await post(TRAINING_PATHS.lessons, tt.token, { ...second, hidden: true })).body.data.hidden).toBe(true);
    const seen = await starterCourse(l.token);
    expect(seen.lessons.map((x) => x.id)).not.toContain(second!.id);
    expect(seen.lessons.find((x) => x.id === first!.id)!.titleEn).toBe('Inspection (our notes)');
    expect((await starterCourse(tt.token)).lessons.find((x) => x.id === second!.id)!.hidden).toBe(true);
    const p = (await get(TRAINING_PATHS.progress, l.token)).body.data;
    expect(p.courses.find((x: { courseId: string }) => x.courseId === c.id).lessons).toBe(3);
    // An edit that leaves `hidden` out keeps it hidden (the older lesson editor sends no such field).
    const { hidden: _h, ...noHidden } = second!;
    expect((await post(TRAINING_PATHS.lessons, tt.token, noHidden)).body.data.hidden).toBe(true);
    await post(TRAINING_PATHS.lessons, tt.token, { ...second, hidden: false });
    await post(TRAINING_PATHS.lessons, tt.token, first);
  });

  it('edits a starter question (the learner gets the new text) and hides questions: hidden ones are never drawn', async () => {
    const tt = await teacher();
    const l = await learner();
    const c = await starterCourse(tt.token);
    const qs = await starterBank(tt.token);
    const [kept, ...rest] = qs;
    const edited = await post(TRAINING_PATHS.choiceQuestions, tt.token, {
      ...kept!.choice,
      id: kept!.id,
      promptEn: 'Edited by the teacher: the normal tongue is?',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ source: 'starter', courseId: c.id, hidden: false });
    // All starter questions hidden but two: a practice of two draws exactly those, of three is 409.
    const shown = [kept!, rest[0]!];
    for (const q of rest.slice(1)) {
      const r = await post(TRAINING_PATHS.questionHidden(q.id), tt.token, { hidden: true });
      expect([r.status, r.body.data.hidden]).toEqual([200, true]);
    }
    try {
      const two = await post(TRAINING_PATHS.attempts, l.token, { mode: 'practice', courseId: c.id, count: 2 });
      const drawn = (two.body.data as TrainingAttempt).items;
      expect(drawn.map((i) => i.questionId).sort()).toEqual(shown.map((q) => q.id).sort());
      expect(drawn.find((i) => i.questionId === kept!.id)!.prompt!.promptEn).toBe(
        'Edited by the teacher: the normal tongue is?',
      );
      const three = await post(TRAINING_PATHS.attempts, l.token, { mode: 'practice', courseId: c.id, count: 3 });
      expect([three.status, three.body.code]).toEqual([409, TRAINING_ERRORS.NOT_ENOUGH_QUESTIONS.code]);
    } finally {
      for (const q of rest.slice(1)) await post(TRAINING_PATHS.questionHidden(q.id), tt.token, { hidden: false });
      await post(TRAINING_PATHS.choiceQuestions, tt.token, { ...kept!.choice, id: kept!.id });
    }
  });

  it("a teacher's own text question: created in a course of its own, drawn there; a photo question's key is not edited here (4400019)", async () => {
    const tt = await teacher();
    const l = await learner();
    const course = await post(TRAINING_PATHS.courses, tt.token, {
      titleZh: '自编题',
      titleEn: 'Own questions',
      published: true,
    });
    const body = {
      courseId: course.body.data.id,
      topic: 'palpation',
      promptZh: '浮脉主什么证？',
      promptEn: 'What does a floating pulse indicate?',
      optionsZh: ['表证', '里证'],
      optionsEn: ['Exterior', 'Interior'],
      answer: 0,
      reference: STARTER.questions[0]!.choice.reference,
    };
    const made = await post(TRAINING_PATHS.choiceQuestions, tt.token, body);
    expect(made.body.data).toMatchObject({ source: 'teacher', kind: 'choice', courseId: course.body.data.id });
    const a = await post(TRAINING_PATHS.attempts, l.token, {
      mode: 'practice',
      courseId: course.body.data.id,
      count: 1,
    });
    expect(a.body.data.items[0].questionId).toBe(made.body.data.id);

    const photo = await saveFile(t.database.db, t.app.ctx.storage, {
      bytes: dataFile('tongue/images/TE0000003.jpg'),
      name: 'tongue.jpg',
      ownerUserId: tt.user.id,
      trusted: { kind: 'image', mime: 'image/jpeg', width: null, height: null },
    });
    const [row] = await t.database.db
      .insert(trainingQuestions)
      .values({ fileId: photo.id, source: 'import', sourceRef: `starter-test-${photo.id}`, key: { cracks: ['none'] } })
      .returning();
    const refused = await post(TRAINING_PATHS.choiceQuestions, tt.token, { ...body, id: row!.id });
    expect([refused.status, refused.body.code]).toEqual([400, TRAINING_ERRORS.QUESTION_NOT_EDITABLE.code]);
    // Hiding works for photo questions too; hidden, the shared bank no longer draws it.
    const hid = await post(TRAINING_PATHS.questionHidden(row!.id), tt.token, { hidden: true });
    expect(hid.body.data).toMatchObject({ kind: 'photo', hidden: true });
    const [stored] = await t.database.db
      .select({ hidden: trainingQuestions.hidden })
      .from(trainingQuestions)
      .where(and(eq(trainingQuestions.id, row!.id), eq(trainingQuestions.source, 'import')));
    expect(stored!.hidden).toBe(true);
    await t.database.db.delete(trainingQuestions).where(eq(trainingQuestions.id, row!.id));
  });
});

describe('training starter course: guards of the new routes', () => {
  const ROUTES: Array<['POST', string]> = [
    ['POST', TRAINING_PATHS.choiceQuestions],
    ['POST', TRAINING_PATHS.questionHidden(ID)],
  ];
  it('401 without a token, 403 for other entrances and for learners (4400001, before the body is read)', async () => {
    expect(await refusals(t.app, ROUTES, undefined)).toEqual(
      ROUTES.map(([, url]) => [url, 401, SPEC_ERRORS.TOKEN_INVALID.code]),
    );
    const member = await userWithToken(t, { entrance: 'member' });
    expect(await refusals(t.app, ROUTES, member.token)).toEqual(
      ROUTES.map(([, url]) => [url, 403, AUTH_ERRORS.FORBIDDEN.code]),
    );
    const l = await learner();
    expect(await refusals(t.app, ROUTES, l.token, { hidden: 'x' })).toEqual(
      ROUTES.map(([, url]) => [url, 403, TRAINING_ERRORS.TEACHER_REQUIRED.code]),
    );
  });

  it('400 with the field named for bad bodies; 404 for an unknown question', async () => {
    const tt = await teacher();
    const base = STARTER.questions[0]!.choice;
    const bad: Array<[string, unknown, RegExp]> = [
      [TRAINING_PATHS.choiceQuestions, { ...base, optionsEn: ['only one', 'two', 'three'] }, /optionsEn/],
      [TRAINING_PATHS.choiceQuestions, { ...base, answer: 4 }, /answer/],
      [TRAINING_PATHS.choiceQuestions, { ...base, topic: 'smell' }, /topic/],
      [TRAINING_PATHS.choiceQuestions, { ...base, reference: '' }, /reference/],
      [TRAINING_PATHS.questionHidden(ID), { hidden: 'yes' }, /hidden/],
      [TRAINING_PATHS.questionHidden('x'), { hidden: true }, /id/],
    ];
    for (const [url, body, field] of bad) {
      const r = await post(url, tt.token, body);
      expect([url, r.status, r.body.code]).toEqual([url, 400, 2000400]);
      expect(refusedFields(r.body)).toMatch(field);
    }
    for (const [url, body] of [
      [TRAINING_PATHS.questionHidden(ID), { hidden: true }],
      [TRAINING_PATHS.choiceQuestions, { ...base, id: ID }],
    ] as const) {
      const r = await post(url, tt.token, body);
      expect([r.status, r.body.code]).toEqual([404, TRAINING_ERRORS.QUESTION_NOT_FOUND.code]);
    }
  });
});
