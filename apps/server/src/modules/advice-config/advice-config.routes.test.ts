import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVICE_CONFIG_ERRORS, ADVICE_CONFIG_PATHS, AUTH_ERRORS, RECORD_PATHS, SPEC_ERRORS } from '@tcm/contract';
import { questionsFor } from '@tcm/analysis/constitution';
// The report package's poppler helpers (test-only, not exported by the package).
import { ensurePoppler, inspectPdf } from '../../../../../packages/report/src/testing/poppler.js';
import { call, refusals, refusedFields } from '../../test/http.js';
import { userWithToken, waitFor } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { foundedTeam as foundedTeamOf, memberWithToken } from '../../test/team-helpers.js';
import { configOfLabel } from './advice-config.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [], { jobs: true });
});
afterAll(async () => t.close());

const get = (url: string, token?: string) => call(t.app, 'GET', url, token);
const post = (url: string, token?: string, body: unknown = {}) => call(t.app, 'POST', url, token, body);
const member = (over: Parameters<typeof userWithToken>[1] = {}) => memberWithToken(t, over);
const foundedTeam = () => foundedTeamOf(t);

const ID = '00000000-0000-4000-8000-000000000001';
const line = (zh: string, en: string) => ({ zh, en });
const PRIVATE: Array<['GET' | 'POST', string]> = [
  ['GET', ADVICE_CONFIG_PATHS.current],
  ['POST', ADVICE_CONFIG_PATHS.current],
  ['POST', ADVICE_CONFIG_PATHS.reset],
  ['POST', ADVICE_CONFIG_PATHS.preview],
  ['POST', ADVICE_CONFIG_PATHS.restore(1)],
];

describe('conclusion configuration: guards', () => {
  it('401 without a token and 403 for another entrance, on every call', async () => {
    const doctor = await userWithToken(t, { entrance: 'doctor' });
    const each = (status: number, code: number) => PRIVATE.map(([, url]) => [url, status, code]);
    expect(await refusals(t.app, PRIVATE, undefined)).toEqual(each(401, SPEC_ERRORS.TOKEN_INVALID.code));
    expect(await refusals(t.app, PRIVATE, doctor.token)).toEqual(each(403, AUTH_ERRORS.FORBIDDEN.code));
  });

  it('403 for a plain member and for a leader without canConfigTreatPlan', async () => {
    const { teamId } = await foundedTeam();
    const plain = await member({ teamId });
    const leaderNoFlag = await member({ teamId, teamLeader: true, canConfigTreatPlan: false });
    const body = { entries: { 'constitution:B': { diet: [line('甲', 'A')] } }, recordId: ID };
    const refused = PRIVATE.map(([, url]) => [url, 403, ADVICE_CONFIG_ERRORS.FLAG_REQUIRED.code]);
    for (const who of [plain, leaderNoFlag]) expect(await refusals(t.app, PRIVATE, who.token, body)).toEqual(refused);
  });

  it('bad bodies get 400 with the field named, unknown keys 400 in the reader language', async () => {
    const { leader } = await foundedTeam();
    const cases: unknown[] = [
      {},
      { entries: [] },
      { entries: { 'constitution:B': { diet: [line('', 'x')] } } },
      { entries: { 'constitution:B': { diet: 'text' } } },
    ];
    for (const body of cases) {
      const res = await post(ADVICE_CONFIG_PATHS.current, leader.token, body);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), 400, 2000400]);
      expect(refusedFields(res.body)).toMatch(/entries/);
    }
    const unknown = await post(ADVICE_CONFIG_PATHS.current, leader.token, {
      entries: { 'constitution:Z': { diet: [line('甲', 'A')] } },
    });
    expect([unknown.status, unknown.body.code]).toEqual([400, ADVICE_CONFIG_ERRORS.KEY_UNKNOWN.code]);
    const noRecord = await post(ADVICE_CONFIG_PATHS.preview, leader.token, { entries: {}, recordId: 'r1' });
    expect([noRecord.status, noRecord.body.code, refusedFields(noRecord.body)]).toEqual([400, 2000400, 'recordId']);
    const bad = await post(ADVICE_CONFIG_PATHS.restore('first'), leader.token);
    expect([bad.status, bad.body.code]).toEqual([400, 2000400]);
    const missing = await post(ADVICE_CONFIG_PATHS.restore(99), leader.token);
    expect([missing.status, missing.body.code]).toEqual([404, ADVICE_CONFIG_ERRORS.VERSION_NOT_FOUND.code]);
  });
});

describe('conclusion configuration: versions', () => {
  it('saves sanitised HTML, resets, restores; another team sees none of it', async () => {
    const { leader } = await foundedTeam();
    const empty = await get(ADVICE_CONFIG_PATHS.current, leader.token);
    expect(empty.status).toBe(200);
    expect(empty.body.data.current).toBeNull();
    expect(empty.body.data.defaults['constitution:B'].diet.length).toBeGreaterThan(0);

    const html = '<b>少食生冷</b><script>alert(1)</script><img src="x" onerror="alert(1)">';
    const saved = await post(ADVICE_CONFIG_PATHS.current, leader.token, {
      entries: { 'constitution:B': { diet: [line(html, '<a href="javascript:alert(1)">Eat warm</a>')] } },
      note: 'first',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ version: 1, action: 'save', note: 'first' });
    const stored = saved.body.data.entries['constitution:B'].diet[0];
    expect(stored.zh).toContain('<b>少食生冷</b>');
    expect(stored.zh).not.toMatch(/script|onerror/);
    expect(stored.en).not.toContain('javascript:');

    const reset = await post(ADVICE_CONFIG_PATHS.reset, leader.token);
    expect(reset.body.data).toMatchObject({ version: 2, action: 'reset', entries: null });
    const restored = await post(ADVICE_CONFIG_PATHS.restore(1), leader.token);
    expect(restored.body.data).toMatchObject({ version: 3, action: 'restore', note: 'v1' });
    expect(restored.body.data.entries).toEqual(saved.body.data.entries);

    const state = await get(ADVICE_CONFIG_PATHS.current, leader.token);
    expect(state.body.data.current.version).toBe(3);
    expect(state.body.data.history.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);

    // A leader of another team, flag and all, sees only their own (empty) history and cannot restore ours.
    const other = await foundedTeam();
    const theirs = await get(ADVICE_CONFIG_PATHS.current, other.leader.token);
    expect(theirs.body.data.history).toEqual([]);
    const cross = await post(ADVICE_CONFIG_PATHS.restore(3), other.leader.token);
    expect([cross.status, cross.body.code]).toEqual([404, ADVICE_CONFIG_ERRORS.VERSION_NOT_FOUND.code]);
  });
});

describe('conclusion configuration: the version a record names', () => {
  // The trend repair re-runs a record's synthesis; it must use the record's own version.
  it('configOfLabel finds the stored version a label names, and nothing for others', async () => {
    const { leader, teamId } = await foundedTeam();
    const entries = { 'constitution:B': { diet: [line('温食', 'Warm food')] } };
    await post(ADVICE_CONFIG_PATHS.current, leader.token, { entries });
    await post(ADVICE_CONFIG_PATHS.reset, leader.token);
    const v1 = await configOfLabel(t.database.db, `${teamId}@v1`);
    expect(v1).toMatchObject({ teamId, version: 'v1', entries });
    expect(await configOfLabel(t.database.db, `${teamId}@v2`)).toBeUndefined(); // a reset: the defaults
    for (const label of [null, '', 'team', `${teamId}@v9`, 'not-a-uuid@v1'])
      expect(await configOfLabel(t.database.db, label)).toBeUndefined();
  });
});

describe('conclusion configuration: records keep the version they were made with', () => {
  async function record(token: string) {
    const answers = Object.fromEntries(questionsFor('female').map((q) => [q.id, 4]));
    const created = await post(RECORD_PATHS.create, token, {
      person: { sex: 'female', age: 40 },
      inquiry: { answers },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.recordId as string;
    const done = await waitFor(
      () => get(RECORD_PATHS.detail(id), token),
      (r) => ['done', 'failed'].includes(r.body.data.status),
      120000,
    );
    expect(done.body.data.status).toBe('done');
    return id;
  }
  type Advice = {
    teamConfig: string | null;
    keys: string[];
    items: Record<string, { text: { zh: string }; origin: string }[]>;
  };
  const adviceOf = async (id: string, token: string): Promise<Advice> =>
    (await get(RECORD_PATHS.detail(id), token)).body.data.results.synthesis.result.advice;

  it('a record made after an edit shows the new advice; the earlier one keeps the defaults', async () => {
    const { leader, teamId } = await foundedTeam();
    const before = await record(leader.token);
    const adviceBefore = await adviceOf(before, leader.token);
    expect(adviceBefore.teamConfig).toBeNull();
    const key = adviceBefore.keys.find((k) => k.startsWith('constitution:'))!;
    expect(key).toBeDefined();

    const text = '本团队建议：每日温水泡脚';
    const saved = await post(ADVICE_CONFIG_PATHS.current, leader.token, {
      entries: { [key]: { diet: [line(text, 'Our team: warm foot bath daily')] } },
    });
    expect(saved.status).toBe(200);

    const after = await record(leader.token);
    const adviceAfter = await adviceOf(after, leader.token);
    expect(adviceAfter.teamConfig).toBe(`${teamId}@v1`);
    expect(adviceAfter.items.diet!.some((l) => l.text.zh === text && l.origin === 'team')).toBe(true);

    // The preview renders an existing record with a draft, saving nothing.
    // Rich text reads as text in the PDF: no tags, entities decoded.
    const draft = {
      entries: { [key]: { diet: [line('预览草稿', '<p><b>Footbathpreview</b> &amp; rest</p>')] } },
      recordId: before,
      lang: 'en',
    };
    const pdf = await t.app.inject({
      method: 'POST',
      url: ADVICE_CONFIG_PATHS.preview,
      headers: { authorization: `Bearer ${leader.token}` },
      payload: draft,
    });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    ensurePoppler();
    const previewText = inspectPdf(pdf.rawPayload).text;
    expect(previewText).toContain('Footbathpreview & rest');
    expect(previewText).not.toMatch(/<b>|&amp;/);
    // Without a record id: the team's newest done record (here the one made after the edit).
    const newest = await t.app.inject({
      method: 'POST',
      url: ADVICE_CONFIG_PATHS.preview,
      headers: { authorization: `Bearer ${leader.token}` },
      payload: { entries: draft.entries, lang: 'en' },
    });
    expect(newest.statusCode).toBe(200);
    expect(inspectPdf(newest.rawPayload).text).toContain('Footbathpreview');
    const other = await foundedTeam();
    const none = await post(ADVICE_CONFIG_PATHS.preview, other.leader.token, { entries: {} });
    expect(none.status).toBe(404);
    const foreign = await post(ADVICE_CONFIG_PATHS.preview, other.leader.token, draft);
    expect([foreign.status, foreign.body.code]).toEqual([403, ADVICE_CONFIG_ERRORS.RECORD_NOT_IN_TEAM.code]);

    const earlier = await adviceOf(before, leader.token);
    expect(earlier).toEqual(adviceBefore);
    expect(earlier.items.diet!.some((l) => l.text.zh === text)).toBe(false);
  }, 300000);
});
