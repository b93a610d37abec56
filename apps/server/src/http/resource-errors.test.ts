import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ADMISSION_ERRORS, HTTP_ERRORS, SPEC_ERRORS, USER_PATHS } from '@tcm/contract';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { buildUser } from '../test/factories.js';
import { call, signIn } from '../test/http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Issue 25 item 7: at full load the process ran out of file descriptors, PGlite could no longer
 * open its files ("No file descriptors available") and every request answered 500. Exhaustion
 * and a database gone for a moment are answered 503 with their own code and Retry-After, and
 * the process serves again once the pressure goes.
 */

describe('no pooled connection within DATABASE_POOL_TIMEOUT_MS', () => {
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'tcm-pool-'));
  beforeAll(async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOGIN_CAPTCHA_ENTRANCES: 'none',
      DATABASE_POOL_TIMEOUT_MS: '300',
    });
    // One connection, as embedded PGlite has: holding it starves every request.
    database = await openDatabase({
      databaseUrl: inject('databaseUrl'),
      poolMax: 1,
      poolTimeoutMs: config.databasePool.timeoutMs,
    });
    app = await buildApp(config, { database });
    await app.ready();
    const u = await buildUser(database.db, { entrance: 'sys' });
    const t = { app, client: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}` };
    token = (await signIn(t as unknown as TestApp, u.loginName, u.password)).access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.pool.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 4009102 with Retry-After while the pool is held, and 200 once it is free', async () => {
    const held = await database.pool.connect();
    let during;
    try {
      during = await call(app, 'GET', USER_PATHS.currentUser, token, undefined, { language: 'en' });
    } finally {
      held.release();
    }
    expect([during.status, during.body.code, during.body.msg, during.headers['retry-after']]).toEqual([
      503,
      ADMISSION_ERRORS.DATABASE_EXHAUSTED.code,
      ADMISSION_ERRORS.DATABASE_EXHAUSTED.en,
      '2',
    ]);
    const after = await call(app, 'GET', USER_PATHS.currentUser, token);
    expect([after.status, after.body.code]).toEqual([200, SPEC_ERRORS.OK.code]);
  });
});

/**
 * The errors as the drivers raise them when the process is out of descriptors or the database
 * is away (their shapes: PGlite's C library, node's net, pg-pool, PostgreSQL's SQLSTATEs),
 * thrown from a probe route as a query would throw them.
 */
const AS_RAISED: Record<string, () => Error> = {
  pglite: () =>
    Object.assign(new Error('could not open file "base/5/16390": No file descriptors available'), { code: '58P01' }),
  sqlstate: () => Object.assign(new Error('out of memory'), { code: '53200' }),
  socket: () => Object.assign(new Error('connect EMFILE /tmp/tcm-pg-x/.s.PGSQL.5432'), { code: 'EMFILE' }),
  wrapped: () =>
    Object.assign(new Error('Failed query: select 1'), {
      cause: Object.assign(new Error('accept ENFILE'), { code: 'ENFILE' }),
    }),
  refused: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  restarting: () => Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
  bug: () => new TypeError("Cannot read properties of undefined (reading 'id')"),
};

const probe: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { kind: string } }>('/probe/fail/:kind', async (request) => {
    throw AS_RAISED[request.params.kind]!();
  });
};

describe('errors of exhaustion are 503 with Retry-After, not 500', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, [probe]);
  });
  afterAll(async () => t.close());

  it('out of descriptors, out of memory, no socket: 4009102; the database refusing or restarting: 4009104; a bug stays 500', async () => {
    const answers: Record<string, [number, number, string | undefined]> = {};
    for (const kind of Object.keys(AS_RAISED)) {
      const res = await call(t.app, 'GET', `/probe/fail/${kind}`);
      answers[kind] = [res.status, res.body.code, res.headers['retry-after']];
    }
    const exhausted = [503, ADMISSION_ERRORS.DATABASE_EXHAUSTED.code, '2'];
    const away = [503, ADMISSION_ERRORS.DATABASE_UNAVAILABLE.code, '5'];
    expect(answers).toEqual({
      pglite: exhausted,
      sqlstate: exhausted,
      socket: exhausted,
      wrapped: exhausted,
      refused: away,
      restarting: away,
      bug: [500, HTTP_ERRORS.INTERNAL.code, undefined],
    });
  });
});
