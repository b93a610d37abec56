import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionsFor } from '@tcm/analysis/constitution';
import { FILE_ERRORS, RECORD_ERRORS, RECORD_PATHS, REDO_ERRORS, SPEC_ERRORS } from '@tcm/contract';
import { pulseWaveform } from '@tcm/analysis/pulse';
import { auditLog, recordsTable } from '../../db/schema/index.js';
import { buildTeam } from '../../test/factories.js';
import { call } from '../../test/http.js';
import { dataFile, uploadDataFile, userWithToken, waitFor } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Issue 17 item 4: a failed tongue photo failed the whole capture and the person redid a
// 60-question questionnaire. Redo replaces one capture; only its engine and the synthesis run again.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [], { jobs: true });
});
afterAll(async () => t.close());

const upload = (token: string, rel: string, filename: string) => uploadDataFile(t, token, rel, filename);

const finished = (token: string, id: string) =>
  waitFor(
    () => call(t.app, 'GET', RECORD_PATHS.detail(id), token),
    (r) => r.status !== 200 || ['done', 'partial', 'failed'].includes(r.body.data.status),
    120000,
  );

const PULSE_FILE = 'pulse/goda-ppg-125hz.csv';
const ANSWERS = Object.fromEntries(questionsFor('female').map((q) => [q.id, 3]));
const VITALS = { heightCm: 163, weightKg: 60, systolic: 150, diastolic: 95 };

/** A member's partial record whose tongue "photo" is a face (the tongue engine refuses it), with a pulse file, answers and vitals. */
async function recordWithBadTongue() {
  const team = await buildTeam(t.database.db);
  const me = await userWithToken(t, { entrance: 'member', teamId: team.id });
  const leader = await userWithToken(t, { entrance: 'member', teamId: team.id, teamLeader: true });
  const created = await call(t.app, 'POST', RECORD_PATHS.create, me.token, {
    files: {
      tongue: await upload(me.token, 'face/02-woman.jpg', 'not-a-tongue.jpg'),
      pulse: await upload(me.token, PULSE_FILE, 'goda-ppg-125hz.csv'),
    },
    person: { sex: 'female', age: 40 },
    inquiry: { answers: ANSWERS },
    vitals: VITALS,
    lang: 'en',
  });
  expect(created.status).toBe(200);
  const id = created.body.data.recordId as string;
  const first = await finished(me.token, id);
  // A failed engine leaves the record partial, never a plain done that hides it (issue 32).
  expect(first.body.data.status).toBe('partial');
  return { me, leader, id, first: first.body.data };
}

describe('redo one capture of a record', () => {
  it('401 without a token, 400 for a bad body, 404 unknown, 403 another member’s record and a leader who did not make it', async () => {
    const { me, leader, id } = await recordWithBadTongue();
    const photo = await upload(me.token, 'tongue/images/TE0000458.jpg', 'tongue.jpg');
    const none = await call(t.app, 'POST', RECORD_PATHS.redo(id), undefined, { slot: 'tongue', fileId: photo });
    expect([none.status, none.body.code]).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
    for (const body of [{}, { slot: 'tongue' }, { slot: 'ear', fileId: photo }, { slot: 'tongue', fileId: 'x' }]) {
      const bad = await call(t.app, 'POST', RECORD_PATHS.redo(id), me.token, body);
      expect([JSON.stringify(body), bad.status]).toEqual([JSON.stringify(body), 400]);
    }
    const unknown = await call(t.app, 'POST', RECORD_PATHS.redo(crypto.randomUUID()), me.token, {
      slot: 'tongue',
      fileId: photo,
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, RECORD_ERRORS.RECORD_NOT_FOUND.code]);
    const stranger = await userWithToken(t, { entrance: 'member' });
    const theirs = await call(t.app, 'POST', RECORD_PATHS.redo(id), stranger.token, { slot: 'tongue', fileId: photo });
    expect([theirs.status, theirs.body.code]).toEqual([403, RECORD_ERRORS.RECORD_FORBIDDEN.code]);
    // The leader may see the member's record, but the capture is the member's to redo.
    const lead = await call(t.app, 'POST', RECORD_PATHS.redo(id), leader.token, { slot: 'tongue', fileId: photo });
    expect([lead.status, lead.body.code]).toEqual([403, REDO_ERRORS.REDO_NOT_MAKER.code]);
    // Someone else's upload reads as not found, a WAV is no tongue photo, a slot the record never had is refused.
    const strangersPhoto = await upload(stranger.token, 'tongue/images/TE0000458.jpg', 'tongue.jpg');
    const foreign = await call(t.app, 'POST', RECORD_PATHS.redo(id), me.token, {
      slot: 'tongue',
      fileId: strangersPhoto,
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, FILE_ERRORS.FILE_NOT_FOUND.code]);
    const wav = await upload(me.token, 'voice/sustained-a-118hz.wav', 'a.wav');
    const wrong = await call(t.app, 'POST', RECORD_PATHS.redo(id), me.token, { slot: 'tongue', fileId: wav });
    expect([wrong.status, wrong.body.code]).toEqual([400, RECORD_ERRORS.CAPTURE_WRONG_KIND.code]);
    // The refusals in the reader's language.
    const refused = async (body: object, lang: string) => {
      const r = await call(t.app, 'POST', RECORD_PATHS.redo(id), me.token, body, { 'accept-language': lang });
      return [r.status, r.body.code, r.body.msg];
    };
    expect(await refused({ slot: 'voice', fileId: wav }, 'en')).toEqual([
      400,
      REDO_ERRORS.REDO_NO_CAPTURE.code,
      REDO_ERRORS.REDO_NO_CAPTURE.en,
    ]);
    // Not while an analysis runs.
    await t.database.db.update(recordsTable).set({ status: 'running' }).where(eq(recordsTable.id, id));
    expect(await refused({ slot: 'tongue', fileId: photo }, 'zh-CN')).toEqual([
      409,
      REDO_ERRORS.REDO_BUSY.code,
      REDO_ERRORS.REDO_BUSY.zh,
    ]);
    await t.database.db.update(recordsTable).set({ status: 'done' }).where(eq(recordsTable.id, id));
  }, 180000);

  it('a refused tongue photo is replaced: only the tongue engine and the synthesis run again; answers, vitals and the pulse result stay', async () => {
    const { me, id, first } = await recordWithBadTongue();
    expect(first.results.tongue.status).toBe('failed');
    expect(first.results.tongue.error.code).toBeGreaterThanOrEqual(3100000);
    expect(first.results.pulse.status).toBe('done');
    // The list and its status filter show it as partial.
    const listed = async (status: string) =>
      (await call(t.app, 'POST', RECORD_PATHS.list, me.token, { scope: 'memberRecord', status })).body.data.list.map(
        (r: { id: string }) => r.id,
      );
    expect(await listed('partial')).toContain(id);
    expect(await listed('done')).not.toContain(id);
    // Marks the kept outcomes: a re-run engine would overwrite the mark.
    const mark = 987654;
    const [row] = await t.database.db.select().from(recordsTable).where(eq(recordsTable.id, id));
    const marked = {
      ...row!.results,
      pulse: { ...row!.results.pulse!, ms: mark },
      constitution: { ...row!.results.constitution!, ms: mark },
      vitals: { ...row!.results.vitals!, ms: mark },
    };
    await t.database.db.update(recordsTable).set({ results: marked }).where(eq(recordsTable.id, id));

    const photo = await upload(me.token, 'tongue/images/TE0000458.jpg', 'tongue.jpg');
    const redo = await call(t.app, 'POST', RECORD_PATHS.redo(id), me.token, { slot: 'tongue', fileId: photo });
    expect([redo.status, redo.body.data]).toEqual([
      200,
      { recordId: id, shareToken: first.shareToken, status: 'queued' },
    ]);
    const again = (await finished(me.token, id)).body.data;
    expect(again.status).toBe('done');
    expect(again.files.tongue.uuid).toBe(photo);
    expect(again.files.pulse.uuid).toBe(first.files.pulse.uuid);
    expect(again.results.tongue.status).toBe('done');
    for (const e of ['pulse', 'constitution', 'vitals'] as const) expect([e, again.results[e].ms]).toEqual([e, mark]);
    expect(again.results.pulse.result).toEqual(first.results.pulse.result);
    // The detail carries the pulse waveform the PDF draws, from the same function on the same file.
    expect(again.pulseWave).toEqual(pulseWaveform({ bytes: dataFile(PULSE_FILE), name: 'goda-ppg-125hz.csv' }));
    expect(again.pulseWave.samples.length).toBeGreaterThan(100);
    expect(again.results.constitution.result).toEqual(first.results.constitution.result);
    // The synthesis ran again with the new tongue findings beside the kept answers and vitals.
    const synthesis = again.results.synthesis;
    expect(synthesis.status).toBe('done');
    expect(first.results.synthesis.result.modalities.present).not.toContain('tongue');
    expect(synthesis.result.modalities.present).toEqual(expect.arrayContaining(['tongue', 'pulse']));
    expect(synthesis.result.constitution).toBeTruthy();
    expect(again.progress).toMatchObject({ status: 'done', done: 5, total: 5 });
    const [after] = await t.database.db.select().from(recordsTable).where(eq(recordsTable.id, id));
    expect(after!.inquiry).toEqual({ answers: ANSWERS });
    expect(after!.vitals).toEqual(VITALS);
    expect(after!.tongueMaskFileId).toBeTruthy();
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'record.redo')));
    expect(audits.map((a) => [a.actorUserId, a.detail])).toEqual([
      [
        me.user.id,
        expect.objectContaining({
          slot: 'tongue',
          fileId: photo,
          previousFileId: first.files.tongue.uuid,
          previousStatus: 'partial',
        }),
      ],
    ]);
    // The report of the redone record renders (the PDF reads the saved results).
    const pdf = await t.app.inject({
      method: 'GET',
      url: RECORD_PATHS.report(id),
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    // A retry of a later failure starts from scratch again (keep_results cleared).
    await t.database.db.update(recordsTable).set({ status: 'failed' }).where(eq(recordsTable.id, id));
    expect((await call(t.app, 'POST', RECORD_PATHS.retry(id), me.token)).status).toBe(200);
    const retried = (await finished(me.token, id)).body.data;
    expect(retried.status).toBe('done');
    expect(retried.results.pulse.ms).not.toBe(mark);
  }, 300000);
});
