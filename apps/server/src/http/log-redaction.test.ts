import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, RECORD_PATHS } from '@tcm/contract';
import { buildUser } from '../test/factories.js';
import { form, FORM, signIn } from '../test/http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Issue 24 item 10e: share tokens, names and phone numbers never reach the log. */
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});
const NAME = '张秀英';
const PHONE = '13912345678';

/** A route whose query fails with personal data among its parameters, like a failed record insert. */
const probe: FastifyPluginAsync = async (app) => {
  app.get('/backend/probe/failing-query', async () => {
    await app.ctx.db.execute(sql`select * from no_such_table where name = ${NAME} and phone = ${PHONE}`);
  });
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, [probe], { logStream: sink });
});
afterAll(() => t.close());

describe('log redaction', () => {
  it('masks share tokens, file ids and query values, and scrubs failed-query parameters', async () => {
    const share = randomBytes(32).toString('base64url');
    const u = await buildUser(t.database.db, { entrance: 'doctor' });
    const { access_token } = await signIn(t, u.loginName, u.password, AUTH_PATHS.entranceSignin('doctor'));
    await t.app.inject({ method: 'GET', url: RECORD_PATHS.shared(share) });
    await t.app.inject({ method: 'GET', url: `${RECORD_PATHS.sharedReport(share)}?lang=en` });
    await t.app.inject({
      method: 'GET',
      url: `${RECORD_PATHS.list}?name=${encodeURIComponent(NAME)}&phone=${PHONE}`,
      headers: { authorization: `Bearer ${access_token}` },
    });
    await t.app.inject({ method: 'GET', url: `/backend/file/${crypto.randomUUID()}` });
    await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.pwdSignin,
      headers: { ...FORM, authorization: t.client },
      payload: form({ loginName: PHONE, loginPassword: 'not-the-password' }),
    });
    const failed = await t.app.inject({ method: 'GET', url: '/backend/probe/failing-query' });
    expect(failed.statusCode).toBe(500);

    const log = lines.join('');
    // The requests were logged (so the checks below can fail), without the secrets.
    expect(log).toContain('/backend/portal/diagnosis/[token]');
    expect(log).toContain(`${RECORD_PATHS.list}?name=*&phone=*`);
    expect(log).toContain('/backend/file/[uuid]');
    expect(log).toContain('unhandled error');
    for (const secret of [share, PHONE, NAME, encodeURIComponent(NAME), access_token, u.password])
      expect(log.includes(secret), secret).toBe(false);
  });
});
