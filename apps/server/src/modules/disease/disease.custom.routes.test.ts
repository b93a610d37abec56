import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, DISEASE_ERRORS, DISEASE_KNOWLEDGE, DISEASE_PATHS, SPEC_ERRORS } from '@tcm/contract';
import { userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const send = async (method: Method, url: string, token?: string, body?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { language: 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { payload: body as string }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: any }>() };
};

/** A new disease in the shipped shape: the hypertension entry under another id and names. */
const added = (id: string) => {
  const base = structuredClone(DISEASE_KNOWLEDGE.diseases.find((d) => d.id === 'hypertension')!);
  return { ...base, id, western: { zh: `自定义病-${id}`, en: `Custom disease ${id}` } };
};
const diseaseUser = async () => (await userWithToken(t, { entrance: 'disease' })).token;

describe('disease users add and delete diseases', () => {
  it('401 without a token and 403 for another entrance, before the body is read', async () => {
    const { token: member } = await userWithToken(t, { entrance: 'member' });
    for (const [m, url] of [
      ['POST', DISEASE_PATHS.diseases],
      ['DELETE', DISEASE_PATHS.disease('some_id')],
    ] as const) {
      const anon = await send(m, url, undefined, m === 'POST' ? { id: 7 } : undefined);
      expect([anon.status, anon.body.code], url).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
      const other = await send(m, url, member, m === 'POST' ? { id: 7 } : undefined);
      expect([other.status, other.body.code], url).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
    }
  });

  it('400 for a body of another shape, duplicate question ids or an unknown source; 409 for a shipped id', async () => {
    const token = await diseaseUser();
    const { questions: _q, ...noQuestions } = added('custom_a');
    expect((await send('POST', DISEASE_PATHS.diseases, token, noQuestions)).status).toBe(400);
    const twice = added('custom_b');
    twice.questions = [twice.questions[0]!, twice.questions[0]!];
    const dup = await send('POST', DISEASE_PATHS.diseases, token, twice);
    expect([dup.status, dup.body.code]).toEqual([400, DISEASE_ERRORS.MODEL_DUPLICATE.code]);
    const unknown = added('custom_c');
    unknown.signs = [{ ...unknown.signs[0]!, source: 'no_such_source' }];
    const src = await send('POST', DISEASE_PATHS.diseases, token, unknown);
    expect([src.status, src.body.code]).toEqual([400, DISEASE_ERRORS.SOURCE_UNKNOWN.code]);
    const shipped = await send('POST', DISEASE_PATHS.diseases, token, added('hypertension'));
    expect([shipped.status, shipped.body.code]).toEqual([409, DISEASE_ERRORS.DISEASE_ID_TAKEN.code]);
  });

  it('adds a disease that is listed, screened and counted like a shipped one; only its author deletes it, and not once screened', async () => {
    const author = await diseaseUser();
    const other = await diseaseUser();
    const body = added('custom_reflux');
    body.summary = { zh: '<p onclick="x()">摘要</p><script>alert(1)</script>', en: '<p>Summary</p>' };
    const create = await send('POST', DISEASE_PATHS.diseases, author, body);
    expect(create.status, JSON.stringify(create.body)).toBe(200);
    expect(create.body.data).toMatchObject({ id: 'custom_reflux', custom: true, version: 1 });
    expect(create.body.data.summary.zh).toBe('<p>摘要</p>');
    expect((await send('POST', DISEASE_PATHS.diseases, author, body)).body.code).toBe(
      DISEASE_ERRORS.DISEASE_ID_TAKEN.code,
    );

    const list = await send('GET', DISEASE_PATHS.diseases, author);
    expect(list.body.data).toHaveLength(DISEASE_KNOWLEDGE.diseases.length + 1);
    expect(list.body.data.at(-1)).toMatchObject({ id: 'custom_reflux', custom: true, mine: true });
    const theirs = await send('GET', DISEASE_PATHS.diseases, other);
    expect(theirs.body.data.find((d: { id: string }) => d.id === 'custom_reflux')).toMatchObject({ mine: false });
    expect(theirs.body.data.find((d: { id: string }) => d.id === 'hypertension')).toMatchObject({ custom: false });

    const shipped = await send('DELETE', DISEASE_PATHS.disease('hypertension'), author);
    expect([shipped.status, shipped.body.code]).toEqual([403, DISEASE_ERRORS.DISEASE_SHIPPED.code]);
    const notMine = await send('DELETE', DISEASE_PATHS.disease('custom_reflux'), other);
    expect([notMine.status, notMine.body.code]).toEqual([403, DISEASE_ERRORS.DISEASE_NOT_YOURS.code]);

    const answers = Object.fromEntries(body.questions.map((q) => [q.id, q.options[0]!.id]));
    const screen = await send('POST', DISEASE_PATHS.screenings, author, { diseaseId: 'custom_reflux', answers });
    expect(screen.status, JSON.stringify(screen.body)).toBe(200);
    expect(screen.body.data.diseaseName.en).toBe('Custom disease custom_reflux');
    const stats = await send('GET', `${DISEASE_PATHS.stats}?diseaseId=custom_reflux`, author);
    expect(stats.body.data.perDisease).toMatchObject([{ diseaseId: 'custom_reflux', total: 1 }]);
    const inUse = await send('DELETE', DISEASE_PATHS.disease('custom_reflux'), author);
    expect([inUse.status, inUse.body.code]).toEqual([409, DISEASE_ERRORS.DISEASE_IN_USE.code]);

    expect((await send('POST', DISEASE_PATHS.diseases, author, added('custom_spare'))).status).toBe(200);
    const gone = await send('DELETE', DISEASE_PATHS.disease('custom_spare'), author);
    expect([gone.status, gone.body.data]).toEqual([200, { deleted: true }]);
    const after = await send('GET', DISEASE_PATHS.disease('custom_spare'), author);
    expect([after.status, after.body.code]).toEqual([404, DISEASE_ERRORS.DISEASE_NOT_FOUND.code]);
  });
});
