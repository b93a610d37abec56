import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ADVICE_CONFIG_PATHS,
  ARCHIVE_PATHS,
  AUTH_ERRORS,
  CONSOLE_PATHS,
  DEVICE_PATHS,
  RECORD_PATHS,
  SPEC_ERRORS,
  TEAM_PATHS,
  TRAINING_ERRORS,
  TRAINING_PATHS,
  type TrainingKey,
  type TrainingReading,
} from '@tcm/contract';
// The report package's poppler helpers (test-only, not exported by the package).
import { ensurePoppler, inspectPdf } from '../../../../../packages/report/src/testing/poppler.js';
import { call, refusals, refusedFields } from '../../test/http.js';
import { dataFile, multipart, userWithToken } from '../../test/records-helpers.js';
import { trainingKit } from './training.test-kit.js';
import { insertRecord } from '../records/records.repo.js';
import { newShareToken } from '../records/records.service.js';
import { saveFile } from '../files/files.service.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();

const { get, post, learner, teacher } = trainingKit(() => t);

const ID = '00000000-0000-4000-8000-000000000001';
/** Four photos of ../shared/data/tongue with their rows of labels-manual.tsv (header first). */
const IDS = ['TE0000011', 'TE0000018', 'TE0000039', 'TE0000040'];
const manualRows = () => {
  const lines = new TextDecoder().decode(dataFile('tongue/labels-manual.tsv')).split('\n');
  return [lines[0]!, ...lines.filter((l) => IDS.includes(l.split('\t')[0]!))].join('\n');
};
const importBody = (ids: string[], table = manualRows()) =>
  multipart([
    { field: 'labels', filename: 'labels.tsv', contentType: 'text/tab-separated-values', value: table },
    ...ids.map((id) => ({
      field: 'photos',
      filename: `${id}.jpg`,
      contentType: 'image/jpeg',
      value: dataFile(`tongue/images/${id}.jpg`),
    })),
  ]);
const importAs = (token: string, ids: string[], table?: string) => {
  const m = importBody(ids, table);
  return t.app.inject({
    method: 'POST',
    url: TRAINING_PATHS.questionsImport,
    headers: { ...m.headers, authorization: `Bearer ${token}` },
    payload: m.payload,
  });
};

const PRIVATE: Array<['GET' | 'POST', string]> = [
  ['GET', TRAINING_PATHS.courses],
  ['POST', TRAINING_PATHS.courses],
  ['POST', TRAINING_PATHS.lessons],
  ['POST', TRAINING_PATHS.lessonDone(ID)],
  ['GET', TRAINING_PATHS.questions],
  ['POST', TRAINING_PATHS.questionsImport],
  ['POST', TRAINING_PATHS.attempts],
  ['GET', TRAINING_PATHS.attempt(ID)],
  ['POST', TRAINING_PATHS.answer(ID)],
  ['POST', TRAINING_PATHS.finish(ID)],
  ['GET', TRAINING_PATHS.certificate(ID)],
  ['GET', TRAINING_PATHS.progress],
  ['GET', TRAINING_PATHS.leaderboard],
  ['GET', TRAINING_PATHS.teacherResults],
];
const TEACHER_ONLY: Array<['GET' | 'POST', string]> = [
  ['POST', TRAINING_PATHS.courses],
  ['POST', TRAINING_PATHS.lessons],
  ['GET', TRAINING_PATHS.questions],
  ['POST', TRAINING_PATHS.questionsImport],
  ['GET', TRAINING_PATHS.teacherResults],
];

describe('training: guards', () => {
  it('401 without a token on every private route, teaching cases included', async () => {
    const all = [...PRIVATE, ['POST', TRAINING_PATHS.teachingCases] as ['POST', string]];
    const each = all.map(([, url]) => [url, 401, SPEC_ERRORS.TOKEN_INVALID.code]);
    expect(await refusals(t.app, all, undefined)).toEqual(each);
  });

  it('403 for every other entrance; a learner gets 403 4400001 on the teacher routes, even with a bad body', async () => {
    const member = await userWithToken(t, { entrance: 'member' });
    const doctor = await userWithToken(t, { entrance: 'doctor', doctorKind: 'doctor' });
    for (const who of [member, doctor]) {
      const each = PRIVATE.map(([, url]) => [url, 403, AUTH_ERRORS.FORBIDDEN.code]);
      expect(await refusals(t.app, PRIVATE, who.token)).toEqual(each);
    }
    const l = await learner();
    const each = TEACHER_ONLY.map(([, url]) => [url, 403, TRAINING_ERRORS.TEACHER_REQUIRED.code]);
    expect(await refusals(t.app, TEACHER_ONLY, l.token, { titleZh: 1 })).toEqual(each);
    const tc = await post(TRAINING_PATHS.teachingCases, l.token, {});
    expect([tc.status, tc.body.code]).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
  });

  it("a training account gets 403 on every other area's data", async () => {
    const l = await learner();
    const others: Array<['GET' | 'POST', string]> = [
      ['GET', RECORD_PATHS.list],
      ['POST', RECORD_PATHS.create],
      ['GET', TEAM_PATHS.mine],
      ['POST', ARCHIVE_PATHS.list],
      ['GET', ADVICE_CONFIG_PATHS.current],
      ['POST', CONSOLE_PATHS.userList],
      ['GET', DEVICE_PATHS.list],
    ];
    const got = await refusals(t.app, others, l.token);
    expect(got.map(([url, status]) => [url, status])).toEqual(others.map(([, url]) => [url, 403]));
  });

  it('400 with the field named for bad bodies, in the reader language', async () => {
    const tt = await teacher();
    const l = await learner();
    const bad: Array<[string, string, unknown, RegExp]> = [
      [TRAINING_PATHS.courses, tt.token, { titleZh: '', titleEn: 'x' }, /titleZh/],
      [TRAINING_PATHS.courses, tt.token, { titleZh: '课', titleEn: 'C', passScore: 101 }, /passScore/],
      [TRAINING_PATHS.lessons, tt.token, { courseId: 'c1', titleZh: '课', titleEn: 'L' }, /courseId/],
      [TRAINING_PATHS.attempts, l.token, { mode: 'quiz' }, /mode/],
      [TRAINING_PATHS.answer(ID), l.token, { questionId: ID, reading: { bodyColor: 'blue' } }, /bodyColor/],
      [TRAINING_PATHS.lessonDone('x'), l.token, {}, /id/],
    ];
    for (const [url, token, body, field] of bad) {
      const r = await post(url, token, body);
      expect([url, r.status, r.body.code]).toEqual([url, 400, 2000400]);
      expect(refusedFields(r.body)).toMatch(field);
    }
    const en = await call(
      t.app,
      'POST',
      TRAINING_PATHS.attempts,
      l.token,
      { mode: 'exam', courseId: ID },
      {
        'accept-language': 'en',
      },
    );
    expect([en.status, en.body.code, en.body.msg]).toEqual([
      404,
      TRAINING_ERRORS.COURSE_NOT_FOUND.code,
      TRAINING_ERRORS.COURSE_NOT_FOUND.en,
    ]);
    const zh = await post(TRAINING_PATHS.attempts, l.token, { mode: 'exam', courseId: ID });
    expect(zh.body.msg).toBe(TRAINING_ERRORS.COURSE_NOT_FOUND.zh);
  });
});

/** The bank's questions by photo id (teacher view). */
async function bank(token: string): Promise<Map<string, { id: string; key: TrainingKey }>> {
  const r = await get(`${TRAINING_PATHS.questions}?size=100`, token);
  expect(r.status).toBe(200);
  return new Map(
    (r.body.data.rows as Array<{ id: string; sourceRef: string; key: TrainingKey }>).map((q) => [q.sourceRef, q]),
  );
}

/** A reading that gets every scored feature right: the first accepted label of each. */
const perfect = (key: TrainingKey): TrainingReading =>
  Object.fromEntries(Object.entries(key).map(([f, v]) => [f, (v as string[])[0]]));

describe('training: question bank, practice and exams', () => {
  let tt: Awaited<ReturnType<typeof teacher>>;
  let courseId: string;
  beforeAll(async () => {
    tt = await teacher();
  });

  it('imports photos with the TonguExpert label table; a second import adds nothing', async () => {
    const first = await importAs(tt.token, IDS);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ imported: 4, skipped: [] });
    const again = await importAs(tt.token, IDS.slice(0, 2));
    expect(again.json().data.imported).toBe(0);
    expect(again.json().data.skipped).toEqual([
      { ref: 'TE0000011', reason: 'already imported' },
      { ref: 'TE0000018', reason: 'already imported' },
    ]);
    const b = await bank(tt.token);
    // labels-manual.tsv: TE0000040 white / dark / light / severe; TE0000011 NA / NA / light / NA.
    expect(b.get('TE0000040')!.key).toEqual({
      coatingColor: ['white'],
      bodyColor: ['red', 'crimson', 'purple'],
      cracks: ['light'],
      toothMarks: ['severe'],
    });
    expect(b.get('TE0000011')!.key).toEqual({ cracks: ['light'], toothMarks: ['none'] });
  });

  it('refuses a table without an id and feature header (4400011) and photos it does not name (4400012)', async () => {
    const badTable = await importAs(tt.token, ['TE0000040'], 'just some text\nmore');
    expect([badTable.statusCode, badTable.json().code]).toEqual([400, TRAINING_ERRORS.LABEL_TABLE_INVALID.code]);
    const unnamed = await importAs(tt.token, ['TE0000003'], manualRows());
    expect([unnamed.statusCode, unnamed.json().code]).toEqual([400, TRAINING_ERRORS.IMPORT_EMPTY.code]);
  });

  it('scores a practice by hand: 4 of 12 scored readings right = 33', async () => {
    const l = await learner();
    const b = await bank(tt.token);
    const start = await post(TRAINING_PATHS.attempts, l.token, { mode: 'practice', count: 4 });
    expect(start.status).toBe(200);
    const a = start.body.data;
    expect(a.deadline).toBeNull();
    expect(a.items).toHaveLength(4);
    // Before the answer the learner sees the photo only.
    expect(a.items[0].review).toBeNull();
    const idOf = (ref: string) => b.get(ref)!.id;
    // TE0000040 scores 4 features: coating white ✓, body light_red ✗ (key red/crimson/purple),
    // cracks light ✓, tooth marks none ✗ (key severe) → 2 of 4.
    const r1 = await post(TRAINING_PATHS.answer(a.id), l.token, {
      questionId: idOf('TE0000040'),
      reading: { coatingColor: 'white', bodyColor: 'light_red', cracks: 'light', toothMarks: 'none' },
    });
    expect(r1.status).toBe(200);
    const item = r1.body.data.items.find((i: { questionId: string }) => i.questionId === idOf('TE0000040'));
    expect(item.review).toMatchObject({
      correct: 2,
      scored: 4,
      marks: { coatingColor: true, bodyColor: false, cracks: true, toothMarks: false },
      engine: null,
    });
    // TE0000011 scores cracks (light) and tooth marks (none): both right → 2 of 2.
    await post(TRAINING_PATHS.answer(a.id), l.token, {
      questionId: idOf('TE0000011'),
      reading: { cracks: 'light', toothMarks: 'none', bodyColor: 'pale' },
    });
    // TE0000018 scores coating (white), cracks (none), tooth marks (none): coating only given, wrong → 0 of 3.
    await post(TRAINING_PATHS.answer(a.id), l.token, {
      questionId: idOf('TE0000018'),
      reading: { coatingColor: 'yellow' },
    });
    // TE0000039 left unanswered: its 3 scored features count wrong. Total 4 / (4 + 2 + 3 + 3) = 4 / 12.
    const again = await post(TRAINING_PATHS.answer(a.id), l.token, {
      questionId: idOf('TE0000011'),
      reading: { cracks: 'none' },
    });
    expect([again.status, again.body.code]).toEqual([409, TRAINING_ERRORS.ALREADY_ANSWERED.code]);
    const done = await post(TRAINING_PATHS.finish(a.id), l.token);
    expect(done.body.data.score).toBe(Math.round((100 * 4) / 12));
    expect(done.body.data.score).toBe(33);
    expect(done.body.data.passed).toBeNull();
    const late = await post(TRAINING_PATHS.answer(a.id), l.token, { questionId: idOf('TE0000039'), reading: {} });
    expect([late.status, late.body.code]).toEqual([409, TRAINING_ERRORS.ATTEMPT_FINISHED.code]);
  });

  it('a timed exam refuses an answer after its deadline with 4400007; a passed exam gives a certificate PDF', async () => {
    const c = await post(TRAINING_PATHS.courses, tt.token, {
      titleZh: '舌诊入门',
      titleEn: 'Tongue reading basics',
      published: true,
      examQuestions: 2,
      examMinutes: 10,
      passScore: 80,
    });
    expect(c.status).toBe(200);
    courseId = c.body.data.id;
    const b = await bank(tt.token);
    const keyOf = new Map([...b.values()].map((q) => [q.id, q.key]));
    const l = await learner('李华');

    // Late: the deadline moved into the past, as if the 10 minutes had gone by.
    const late = (await post(TRAINING_PATHS.attempts, l.token, { mode: 'exam', courseId })).body.data;
    expect(new Date(late.deadline).getTime() - new Date(late.startedAt).getTime()).toBe(10 * 60_000);
    const q0 = late.items[0].questionId;
    expect(
      (await post(TRAINING_PATHS.answer(late.id), l.token, { questionId: q0, reading: perfect(keyOf.get(q0)!) }))
        .status,
    ).toBe(200);
    await t.database.db.execute(
      sql`update training_attempt set deadline = now() - interval '6 seconds' where id = ${late.id}`,
    );
    const q1 = late.items[1].questionId;
    const refused = await post(TRAINING_PATHS.answer(late.id), l.token, {
      questionId: q1,
      reading: perfect(keyOf.get(q1)!),
    });
    expect([refused.status, refused.body.code]).toEqual([409, TRAINING_ERRORS.EXAM_TIME_OVER.code]);
    const lateDone = (await post(TRAINING_PATHS.finish(late.id), l.token)).body.data;
    // One of two photos right: half of the scored readings at most, below the pass mark 80.
    expect(lateDone.passed).toBe(false);
    const noCert = await get(TRAINING_PATHS.certificate(late.id), l.token);
    expect([noCert.status, noCert.body.code]).toEqual([404, TRAINING_ERRORS.NO_CERTIFICATE.code]);

    // On time and all right: 100, passed, certificate.
    const ex = (await post(TRAINING_PATHS.attempts, l.token, { mode: 'exam', courseId })).body.data;
    for (const it of ex.items) {
      const r = await post(TRAINING_PATHS.answer(ex.id), l.token, {
        questionId: it.questionId,
        reading: perfect(keyOf.get(it.questionId)!),
      });
      expect(r.status).toBe(200);
    }
    const fin = (await post(TRAINING_PATHS.finish(ex.id), l.token)).body.data;
    expect([fin.score, fin.passScore, fin.passed]).toEqual([100, 80, true]);

    const other = await learner();
    const peek = await get(TRAINING_PATHS.attempt(ex.id), other.token);
    expect([peek.status, peek.body.code]).toEqual([403, TRAINING_ERRORS.ATTEMPT_NOT_YOURS.code]);
    const theirs = await get(TRAINING_PATHS.certificate(ex.id), other.token);
    expect(theirs.status).toBe(403);

    ensurePoppler();
    for (const [lang, words] of [
      ['zh', ['结业证书', '李华', '舌诊入门', '100']],
      ['en', ['Certificate of Completion', 'Tongue reading basics', 'score of 100']],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${TRAINING_PATHS.certificate(ex.id)}?lang=${lang}`,
        headers: { authorization: `Bearer ${l.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = inspectPdf(res.rawPayload).text.replace(/\s+/g, ' ');
      for (const w of words) expect(text).toContain(w);
    }

    const progress = (await get(TRAINING_PATHS.progress, l.token)).body.data;
    expect(progress.courses.find((x: { courseId: string }) => x.courseId === courseId)).toMatchObject({
      bestScore: 100,
      passed: true,
      certificateAttemptId: ex.id,
    });
    const board = (await get(TRAINING_PATHS.leaderboard, l.token)).body.data;
    expect(board[0]).toMatchObject({ rank: 1, name: '李*', me: true, bestScore: 100, exams: 2 });
    const results = (await get(TRAINING_PATHS.teacherResults, tt.token)).body.data;
    expect(results.find((x: { userId: string }) => x.userId === l.user.id)).toMatchObject({
      exams: 2,
      bestScore: 100,
      passed: 1,
    });
  });

  it('an exam larger than the bank is refused with 4400009', async () => {
    const c = await post(TRAINING_PATHS.courses, tt.token, {
      titleZh: '大考',
      titleEn: 'Big exam',
      examQuestions: 100,
    });
    const l = await learner();
    const r = await post(TRAINING_PATHS.attempts, l.token, { mode: 'exam', courseId: c.body.data.id });
    expect([r.status, r.body.code]).toEqual([409, TRAINING_ERRORS.NOT_ENOUGH_QUESTIONS.code]);
  });
});

describe('training: courses and lessons', () => {
  it('sanitises lesson rich text on the server; learners see published courses only; the public page too', async () => {
    const tt = await teacher();
    const pub = (
      await post(TRAINING_PATHS.courses, tt.token, { titleZh: '舌色', titleEn: 'Body color', published: true })
    ).body.data;
    const draft = (await post(TRAINING_PATHS.courses, tt.token, { titleZh: '草稿', titleEn: 'Draft' })).body.data;
    const lesson = await post(TRAINING_PATHS.lessons, tt.token, {
      courseId: pub.id,
      titleZh: '淡白舌',
      titleEn: 'Pale tongue',
      bodyZh: '<p onclick="x()">淡白<script>alert(1)</script><img src="/backend/file/view/abc" onerror="steal()"></p>',
      bodyEn: '<p>Pale</p><a href="javascript:alert(1)">x</a>',
    });
    expect(lesson.status).toBe(200);
    expect(lesson.body.data.bodyZh).toBe('<p>淡白<img src="/backend/file/view/abc" /></p>');
    expect(lesson.body.data.bodyEn).toBe('<p>Pale</p><a>x</a>');

    const l = await learner();
    const seen = (await get(TRAINING_PATHS.courses, l.token)).body.data as Array<{ id: string }>;
    expect(seen.map((c) => c.id)).toContain(pub.id);
    expect(seen.map((c) => c.id)).not.toContain(draft.id);
    const asTeacher = (await get(TRAINING_PATHS.courses, tt.token)).body.data as Array<{ id: string }>;
    expect(asTeacher.map((c) => c.id)).toContain(draft.id);

    const done = await post(TRAINING_PATHS.lessonDone(lesson.body.data.id), l.token);
    expect(done.status).toBe(200);
    const missing = await post(TRAINING_PATHS.lessonDone(ID), l.token);
    expect([missing.status, missing.body.code]).toEqual([404, TRAINING_ERRORS.LESSON_NOT_FOUND.code]);
    const progress = (await get(TRAINING_PATHS.progress, l.token)).body.data;
    expect(progress.courses.find((c: { courseId: string }) => c.courseId === pub.id)).toMatchObject({
      lessons: 1,
      lessonsDone: 1,
    });

    const open = await get(TRAINING_PATHS.publicCourses);
    expect(open.status).toBe(200);
    const listed = open.body.data as Array<{ id: string; lessonCount: number }>;
    expect(listed.find((c) => c.id === pub.id)?.lessonCount).toBe(1);
    expect(listed.map((c) => c.id)).not.toContain(draft.id);
  });
});

describe('training: teaching cases', () => {
  it("a doctor marks their own record with a tongue photo; another doctor's record is 403, no photo 400", async () => {
    const doctor = await userWithToken(t, { entrance: 'doctor', doctorKind: 'doctor' });
    const other = await userWithToken(t, { entrance: 'doctor', doctorKind: 'doctor' });
    const photo = await saveFile(t.database.db, t.app.ctx.storage, {
      bytes: dataFile('tongue/images/TE0000003.jpg'),
      name: 'tongue.jpg',
      ownerUserId: doctor.user.id,
      trusted: { kind: 'image', mime: 'image/jpeg', width: null, height: null },
    });
    const base = { source: 'doctor' as const, status: 'done' as const, ownerUserId: doctor.user.id };
    const rec = await insertRecord(t.database.db, {
      ...base,
      shareToken: newShareToken(),
      files: { tongue: photo.id },
    });
    const bare = await insertRecord(t.database.db, { ...base, shareToken: newShareToken() });
    const key = { bodyColor: ['pale'], coatingThickness: ['thick'] };

    // The button's lookup: not marked yet, then the key and note once marked; guards as marking.
    const state = (token?: string, id = rec.id) => get(TRAINING_PATHS.teachingCaseOf(id), token);
    expect((await state()).status).toBe(401);
    expect([(await state(doctor.token, 'not-a-uuid')).status]).toEqual([400]);
    const foreign = await state(other.token);
    expect([foreign.status, foreign.body.code]).toEqual([403, TRAINING_ERRORS.RECORD_NOT_YOURS.code]);
    const member = await userWithToken(t, { entrance: 'member' });
    expect((await state(member.token)).status).toBe(403);
    expect((await state(doctor.token)).body.data).toEqual({ marked: null, engine: null });

    const ok = await post(TRAINING_PATHS.teachingCases, doctor.token, { recordId: rec.id, key, note: '典型淡白舌' });
    expect((await state(doctor.token)).body.data).toEqual({ marked: { key, note: '典型淡白舌' }, engine: null });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ source: 'teaching-case', sourceRef: rec.id, key, engine: null });
    const notYours = await post(TRAINING_PATHS.teachingCases, other.token, { recordId: rec.id, key });
    expect([notYours.status, notYours.body.code]).toEqual([403, TRAINING_ERRORS.RECORD_NOT_YOURS.code]);
    const noPhoto = await post(TRAINING_PATHS.teachingCases, doctor.token, { recordId: bare.id, key });
    expect([noPhoto.status, noPhoto.body.code]).toEqual([400, TRAINING_ERRORS.RECORD_NOT_USABLE.code]);
    const empty = await post(TRAINING_PATHS.teachingCases, doctor.token, { recordId: rec.id, key: {} });
    expect([empty.status, empty.body.code]).toEqual([400, TRAINING_ERRORS.LABELS_EMPTY.code]);
    const badKey = await post(TRAINING_PATHS.teachingCases, doctor.token, {
      recordId: rec.id,
      key: { cracks: ['deep'] },
    });
    expect([badKey.status, badKey.body.code]).toEqual([400, 2000400]);

    const tt = await teacher();
    expect((await bank(tt.token)).get(rec.id)?.key).toEqual(key);
  });
});
