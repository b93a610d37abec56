import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_PATHS } from '@tcm/contract';
import { questionsFor } from '@tcm/analysis/constitution';
// The report package's poppler helpers (test-only, not exported by the package).
import { ensurePoppler, inspectPdf } from '../../../../../packages/report/src/testing/poppler.js';
import { buildTeam } from '../../test/factories.js';
import { call } from '../../test/http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { dataFile, postFile, userWithToken, waitFor } from '../../test/records-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [], { jobs: true });
});
afterAll(async () => t.close());

async function upload(token: string, bytes: Uint8Array, filename: string) {
  const res = await postFile(t, bytes, filename, token);
  return {
    status: res.statusCode,
    body: res.json<{ code: number; msg: string; data: { uuid: string; kind: string } }>(),
  };
}

describe('member four-diagnosis record through the queue', () => {
  it('uploads tongue, face, pulse and voice, answers and vitals → done record with per-engine versions and a PDF in zh and en', async () => {
    const team = await buildTeam(t.database.db);
    const { token } = await userWithToken(t, { entrance: 'member', teamId: team.id });
    const tongue = await upload(token, dataFile('tongue/images/TE0000458.jpg'), 'tongue.jpg');
    const face = await upload(token, dataFile('face/02-woman.jpg'), '02-woman.jpg');
    const pulse = await upload(token, dataFile('pulse/goda-ppg-125hz.csv'), 'goda-ppg-125hz.csv');
    const voice = await upload(token, dataFile('voice/sustained-a-118hz.wav'), 'a.wav');
    expect([tongue.status, face.status, pulse.status, voice.status]).toEqual([200, 200, 200, 200]);
    expect([face.body.data.kind, pulse.body.data.kind, voice.body.data.kind]).toEqual(['image', 'pulse', 'audio']);
    const answers = Object.fromEntries(questionsFor('female').map((q) => [q.id, 3]));
    const created = await call(t.app, 'POST', RECORD_PATHS.create, token, {
      files: {
        tongue: tongue.body.data.uuid,
        face: face.body.data.uuid,
        pulse: pulse.body.data.uuid,
        voice: voice.body.data.uuid,
      },
      person: { sex: 'female', age: 34 },
      inquiry: { answers },
      vitals: { heightCm: 163, weightKg: 67.5, systolic: 132, diastolic: 84 },
      lang: 'zh',
    });
    expect(created.status).toBe(200);
    const id = created.body.data.recordId as string;
    const detail = await waitFor(
      () => call(t.app, 'GET', RECORD_PATHS.detail(id), token),
      (r) => ['done', 'failed'].includes(r.body.data.status),
      120000,
    );
    expect(detail.body.data.failure).toBeNull();
    expect(detail.body.data.status).toBe('done');
    const results = detail.body.data.results;
    for (const e of ['tongue', 'face', 'pulse', 'voice', 'constitution', 'vitals', 'synthesis']) {
      expect(results[e].status, e).toBe('done');
      expect(results[e].version.engine, e).toMatch(/\d/);
    }
    expect(detail.body.data.progress).toMatchObject({ status: 'done', done: 7, total: 7 });
    expect(typeof detail.body.data.conclusion).toBe('string');
    ensurePoppler();
    const words = {
      zh: ['脉率', '面色', '基频均值', '气虚质', '体重指数'],
      en: ['Pulse rate', 'Complexion', 'Mean F0', 'Qi deficiency', 'Body mass index'],
    };
    for (const lang of ['zh', 'en'] as const) {
      const pdf = await t.app.inject({
        method: 'GET',
        url: `${RECORD_PATHS.report(id)}?lang=${lang}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const { text, images } = inspectPdf(pdf.rawPayload);
      for (const w of words[lang]) expect(text, `${lang}: ${w}`).toContain(w);
      expect(images).toBeGreaterThanOrEqual(2); // the tongue and face photos
    }
  }, 180000);
});
