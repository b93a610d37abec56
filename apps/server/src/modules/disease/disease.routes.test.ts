import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARCHIVE_PATHS,
  AUTH_ERRORS,
  DISEASE_ERRORS,
  DISEASE_KNOWLEDGE,
  DISEASE_PATHS,
  RECORD_PATHS,
  SPEC_ERRORS,
  TEAM_PATHS,
  type RecordResults,
} from '@tcm/contract';
// The report package's poppler helpers (test-only, not exported by the package).
import { ensurePoppler, inspectPdf } from '../../../../../packages/report/src/testing/poppler.js';
import { buildTeam } from '../../test/factories.js';
import { userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { analyzedResults, teamRecord } from './disease.test-helpers.js';

let t: TestApp;
let results: RecordResults;
beforeAll(async () => {
  t = await createTestApp();
  results = await analyzedResults();
}, 120_000);
afterAll(async () => t.close());

const ID = '00000000-0000-4000-8000-000000000001';
type Method = 'GET' | 'POST' | 'PUT';
const send = async (method: Method, url: string, token?: string, body?: unknown, language = 'zh') => {
  const res = await t.app.inject({
    method,
    url,
    headers: { language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { payload: body as string }),
  });
  const isPdf = String(res.headers['content-type']).startsWith('application/pdf');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: (isPdf ? {} : res.json()) as { code: number; msg: string; data: any }, res };
};

const ROUTES: Array<[Method, string]> = [
  ['GET', DISEASE_PATHS.diseases],
  ['GET', DISEASE_PATHS.disease('hypertension')],
  ['PUT', DISEASE_PATHS.disease('hypertension')],
  ['GET', DISEASE_PATHS.records],
  ['POST', DISEASE_PATHS.screenings],
  ['GET', DISEASE_PATHS.screenings],
  ['GET', DISEASE_PATHS.screening(ID)],
  ['GET', DISEASE_PATHS.screeningPdf(ID)],
  ['GET', DISEASE_PATHS.stats],
];
const refused = async (token: string | undefined) =>
  Promise.all(ROUTES.map(async ([m, url]) => [m, url, ...(await statusCode(m, url, token))]));
const statusCode = async (m: Method, url: string, token?: string) => {
  const r = await send(m, url, token, m === 'GET' ? undefined : {});
  return [r.status, r.body.code] as const;
};

/** A disease account of a fresh team. */
async function diseaseUser() {
  const team = await buildTeam(t.database.db);
  const u = await userWithToken(t, { entrance: 'disease', teamId: team.id });
  return { ...u, teamId: team.id };
}

const NO = { family: 'no', salt: 'no', dizzy: 'no' };

describe('disease module: guards', () => {
  it('401 without a token and 403 for every other entrance, on every route', async () => {
    const each = (status: number, code: number) => ROUTES.map(([m, url]) => [m, url, status, code]);
    expect(await refused(undefined)).toEqual(each(401, SPEC_ERRORS.TOKEN_INVALID.code));
    for (const entrance of ['member', 'doctor', 'sys', 'display', 'training'] as const) {
      const other = await userWithToken(t, { entrance });
      expect(await refused(other.token), entrance).toEqual(each(403, AUTH_ERRORS.FORBIDDEN.code));
    }
  });

  it("a disease account gets 403 on other areas' data", async () => {
    const { token } = await diseaseUser();
    const calls: Array<[Method, string]> = [
      ['POST', RECORD_PATHS.list],
      ['GET', RECORD_PATHS.detail(ID)],
      ['GET', TEAM_PATHS.mine],
      ['POST', ARCHIVE_PATHS.list],
    ];
    for (const [m, url] of calls)
      expect([url, ...(await statusCode(m, url, token))]).toEqual([url, 403, AUTH_ERRORS.FORBIDDEN.code]);
  });
});

describe('disease module: bad input', () => {
  it('400 with the field named, or the disease code, in the reader language', async () => {
    const { token } = await diseaseUser();
    const bodies: unknown[] = [
      {},
      { diseaseId: 'Hyper tension', answers: {} },
      { diseaseId: 'hypertension', answers: NO, recordIds: ['x'] },
    ];
    for (const body of bodies) {
      const r = await send('POST', DISEASE_PATHS.screenings, token, body);
      expect([JSON.stringify(body), r.status, r.body.code]).toEqual([JSON.stringify(body), 400, 2000400]);
    }
    const missing = await send(
      'POST',
      DISEASE_PATHS.screenings,
      token,
      { diseaseId: 'hypertension', answers: { family: 'yes' } },
      'en',
    );
    expect([missing.status, missing.body.code, missing.body.msg]).toEqual([
      400,
      4300008,
      DISEASE_ERRORS.ANSWER_MISSING.en,
    ]);
    const badOption = await send('POST', DISEASE_PATHS.screenings, token, {
      diseaseId: 'hypertension',
      answers: { ...NO, salt: 'maybe' },
    });
    expect([badOption.status, badOption.body.code, badOption.body.msg]).toEqual([
      400,
      4300009,
      DISEASE_ERRORS.ANSWER_INVALID.zh,
    ]);
    const unknown = await send('POST', DISEASE_PATHS.screenings, token, { diseaseId: 'scurvy', answers: {} });
    expect([unknown.status, unknown.body.code]).toEqual([404, DISEASE_ERRORS.DISEASE_NOT_FOUND.code]);
    for (const [m, url, body] of [
      ['PUT', DISEASE_PATHS.disease('hypertension'), { western: { zh: '' } }],
      ['GET', DISEASE_PATHS.screening('not-a-uuid'), undefined],
      ['GET', `${DISEASE_PATHS.screenings}?size=7`, undefined],
      ['GET', `${DISEASE_PATHS.records}?page=0`, undefined],
      ['GET', `${DISEASE_PATHS.stats}?diseaseId=A%20B`, undefined],
    ] as const) {
      const r = await send(m, url, token, body);
      expect([url, r.status, r.body.code]).toEqual([url, 400, 2000400]);
    }
    const detail = (await send('GET', DISEASE_PATHS.disease('hypertension'), token)).body.data;
    const { id: _id, questions: _q, signs: _s, sourceCatalogue: _c, updatedAt: _u, updatedBy: _b, ...content } = detail;
    const badSource = await send('PUT', DISEASE_PATHS.disease('hypertension'), token, {
      ...content,
      sources: ['WIKI'],
    });
    expect([badSource.status, badSource.body.code]).toEqual([400, DISEASE_ERRORS.SOURCE_UNKNOWN.code]);
    const twice = { ...content, patterns: [content.patterns[0], content.patterns[0]] };
    const dup = await send('PUT', DISEASE_PATHS.disease('hypertension'), token, twice);
    expect([dup.status, dup.body.code]).toEqual([400, DISEASE_ERRORS.PATTERN_DUPLICATE.code]);
  });
});

describe('disease module: whose data', () => {
  it("403 on another team's records and screenings; 400 on a record still queued or of two people", async () => {
    const a = await diseaseUser();
    const b = await diseaseUser();
    const theirs = await teamRecord(t, b.teamId, results);
    const linkTheirs = await send('POST', DISEASE_PATHS.screenings, a.token, {
      diseaseId: 'hypertension',
      answers: NO,
      recordIds: [theirs],
    });
    expect([linkTheirs.status, linkTheirs.body.code]).toEqual([403, DISEASE_ERRORS.RECORD_FORBIDDEN.code]);
    const queued = await teamRecord(t, a.teamId, {}, { status: 'queued' });
    const linkQueued = await send('POST', DISEASE_PATHS.screenings, a.token, {
      diseaseId: 'hypertension',
      answers: NO,
      recordIds: [queued],
    });
    expect([linkQueued.status, linkQueued.body.code]).toEqual([400, DISEASE_ERRORS.RECORD_NOT_DONE.code]);
    const one = await teamRecord(t, a.teamId, results, { personName: '张三' });
    const two = await teamRecord(t, a.teamId, results, { personName: '李四' });
    const mixed = await send('POST', DISEASE_PATHS.screenings, a.token, {
      diseaseId: 'hypertension',
      answers: NO,
      recordIds: [one, two],
    });
    expect([mixed.status, mixed.body.code]).toEqual([400, DISEASE_ERRORS.RECORDS_OF_DIFFERENT_PERSONS.code]);
    const gone = await send('POST', DISEASE_PATHS.screenings, a.token, {
      diseaseId: 'hypertension',
      answers: NO,
      recordIds: [ID],
    });
    expect([gone.status, gone.body.code]).toEqual([404, DISEASE_ERRORS.RECORD_NOT_FOUND.code]);

    const mine = await send('POST', DISEASE_PATHS.screenings, a.token, { diseaseId: 'hypertension', answers: NO });
    expect(mine.status).toBe(200);
    for (const url of [DISEASE_PATHS.screening(mine.body.data.id), DISEASE_PATHS.screeningPdf(mine.body.data.id)]) {
      const r = await send('GET', url, b.token);
      expect([url, r.status, r.body.code]).toEqual([url, 403, DISEASE_ERRORS.SCREENING_FORBIDDEN.code]);
    }
    const missing = await send('GET', DISEASE_PATHS.screening(ID), a.token);
    expect([missing.status, missing.body.code]).toEqual([404, DISEASE_ERRORS.SCREENING_NOT_FOUND.code]);
    // b's lists and statistics hold none of a's screenings; b's record picker none of a's records.
    expect((await send('GET', DISEASE_PATHS.screenings, b.token)).body.data).toEqual({ total: 0, rows: [] });
    const bStats = (await send('GET', `${DISEASE_PATHS.stats}?diseaseId=hypertension`, b.token)).body.data;
    expect(bStats.perDisease[0]).toMatchObject({ diseaseId: 'hypertension', total: 0, meanRisk: null });
    const bRecords = (await send('GET', DISEASE_PATHS.records, b.token)).body.data;
    expect(bRecords.rows.map((r: { id: string }) => r.id)).toEqual([theirs]);
  });
});

describe('disease module: knowledge base', () => {
  it('lists the shipped diseases with sources, saves sanitised rich text as new versions, refuses a stale save', async () => {
    const { token } = await diseaseUser();
    const list = await send('GET', DISEASE_PATHS.diseases, token);
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThanOrEqual(10);
    expect(list.body.data.map((d: { id: string }) => d.id)).toEqual(
      expect.arrayContaining([
        'hypertension',
        'type2_diabetes',
        'insomnia',
        'functional_dyspepsia',
        'chronic_gastritis',
      ]),
    );
    const detail = (await send('GET', DISEASE_PATHS.disease('type2_diabetes'), token)).body.data;
    expect(detail.western.en).toBe('Type 2 diabetes mellitus');
    expect(detail.sourceCatalogue.map((s: { id: string }) => s.id)).toContain('T2DM-CN-2020');
    expect(detail.signs[0].text.zh).toBeTruthy();

    const { id: _id, questions: _q, signs: _s, sourceCatalogue: _c, updatedAt: _u, updatedBy: _b, ...content } = detail;
    const advice = {
      zh: '<b>控制总热量</b><script>alert(1)</script>',
      en: '<a href="javascript:alert(1)">Eat less</a> <i>sugar</i>',
    };
    const saved = await send('PUT', DISEASE_PATHS.disease('type2_diabetes'), token, { ...content, advice, version: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(1);
    expect(saved.body.data.advice.zh).toBe('<b>控制总热量</b>');
    expect(saved.body.data.advice.en).not.toContain('javascript:');
    expect(saved.body.data.advice.en).toContain('<i>sugar</i>');
    expect(saved.body.data.updatedBy).toBeTruthy();
    const stale = await send('PUT', DISEASE_PATHS.disease('type2_diabetes'), token, { ...content, version: 0 });
    expect([stale.status, stale.body.code]).toEqual([409, DISEASE_ERRORS.VERSION_CONFLICT.code]);
    const again = (await send('GET', DISEASE_PATHS.diseases, token)).body.data.find(
      (d: { id: string }) => d.id === 'type2_diabetes',
    );
    expect(again.version).toBe(1);
  });
});

describe('disease module: screening', () => {
  it('scores a person from their analyzed record and the answers, saves it, lists it, counts it and prints it', async () => {
    const { token, teamId } = await diseaseUser();
    const older = await teamRecord(t, teamId, results, { createdAt: new Date(Date.now() - 86_400_000) });
    const picker = (await send('GET', DISEASE_PATHS.records, token)).body.data;
    expect(picker.rows[0]).toMatchObject({
      id: older,
      personName: '张三',
      engines: expect.arrayContaining(['pulse', 'vitals']),
    });

    const r = await send('POST', DISEASE_PATHS.screenings, token, {
      diseaseId: 'hypertension',
      recordIds: [older],
      answers: { family: 'yes', salt: 'no', dizzy: 'no' },
    });
    expect(r.status).toBe(200);
    const s = r.body.data;
    expect(s.person).toEqual({ name: '张三', sex: 'male', age: 56 });
    // 150/95 mmHg is the vitals engine's "high" band: the hypertension sign of 4 points, confidence 1.
    const bp = s.result.evidence.find((e: { key: string }) => e.key === 'vitals.bloodPressure');
    expect(bp).toMatchObject({
      value: 'high',
      points: 4,
      confidence: 1,
      contribution: 4,
      recordId: older,
      source: 'HTN-CN-2018',
    });
    expect(s.result.evidence.find((e: { key: string }) => e.key === 'family')).toMatchObject({ contribution: 2 });
    const sum = s.result.evidence.reduce((a: number, e: { contribution: number }) => a + e.contribution, 0);
    expect(s.result.points).toBeCloseTo(sum, 3);
    expect(s.result.maxPoints).toBe(14);
    expect(s.result.risk).toBeCloseTo(s.result.points / 14, 3);
    // BMI 80 / 1.7² = 27.7: overweight, 1 point.
    expect(s.result.evidence.find((e: { key: string }) => e.key === 'vitals.bmi')).toMatchObject({ contribution: 1 });
    expect(s.result.missingModalities).toEqual(expect.arrayContaining(['tongue', 'face']));
    expect(s.result.patterns.find((p: { id: string }) => p.id === 'liver_yang_rising').score).toBeGreaterThan(0);

    const list = (await send('GET', `${DISEASE_PATHS.screenings}?diseaseId=hypertension`, token)).body.data;
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({
      id: s.id,
      level: s.result.level,
      risk: s.result.risk,
      createdBy: expect.any(String),
    });
    expect((await send('GET', DISEASE_PATHS.screening(s.id), token)).body.data).toEqual(s);

    await send('POST', DISEASE_PATHS.screenings, token, {
      diseaseId: 'insomnia',
      answers: { nights: 'no', daytime: 'no', months: 'no' },
    });
    const stats = (await send('GET', DISEASE_PATHS.stats, token)).body.data;
    expect(stats.perDisease).toHaveLength(DISEASE_KNOWLEDGE.diseases.length);
    const htn = stats.perDisease.find((d: { diseaseId: string }) => d.diseaseId === 'hypertension');
    expect(htn).toMatchObject({ total: 1, [s.result.level]: 1, meanRisk: s.result.risk });
    expect(stats.perDisease.find((d: { diseaseId: string }) => d.diseaseId === 'insomnia')).toMatchObject({
      total: 1,
      low: 1,
      meanRisk: 0,
    });
    const month = new Date().toISOString().slice(0, 7);
    expect(stats.monthly).toEqual([
      {
        month,
        low: 1 + (s.result.level === 'low' ? 1 : 0),
        medium: s.result.level === 'medium' ? 1 : 0,
        high: s.result.level === 'high' ? 1 : 0,
      },
    ]);

    ensurePoppler();
    for (const [lang, words] of [
      ['zh', ['慢病风险筛查报告', '原发性高血压', '张三']],
      ['en', ['Chronic Disease Risk Screening', 'Essential hypertension', 'Evidence']],
    ] as const) {
      const pdf = await send('GET', `${DISEASE_PATHS.screeningPdf(s.id)}?lang=${lang}`, token);
      expect(pdf.status).toBe(200);
      expect(pdf.res.headers['content-type']).toBe('application/pdf');
      const text = inspectPdf(pdf.res.rawPayload).text;
      for (const w of words) expect(text, `${lang}: ${w}`).toContain(w);
    }
  });
});
