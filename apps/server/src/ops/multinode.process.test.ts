import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import {
  AUTH_PATHS,
  CORPORATION_PATHS,
  FILE_PATHS,
  OPEN_API_ERRORS,
  OPEN_API_PATHS,
  RECORD_EVENTS,
  RECORD_PATHS,
  SPEC_ERRORS,
} from '@tcm/contract';
// The report package's poppler helpers (test-only, not exported by the package).
import { ensurePoppler, inspectPdf } from '../../../../packages/report/src/testing/poppler.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { basicHeader } from '../modules/auth/client-auth.js';
import { buildTeam, buildUser } from '../test/factories.js';
import { form, FORM } from '../test/http.js';
import { signHeaders } from '../test/open-api-client.js';
import { dataFile, multipart } from '../test/records-helpers.js';
import { postVisitorPhoto, spawnServer, untilReady, type ServerProcess } from '../test/server-process.js';

/*
 * Two server nodes, as two hosts of a clinic group would run them (docs/deploy.md "Several
 * hosts"): separate processes with separate DATA_DIRs (so no secrets.json in common), one
 * PostgreSQL (the suite's), one S3 bucket (s3rver, a local server speaking the S3 protocol), and
 * the secrets every node must share given through the environment. Everything a client may do on
 * one node and continue on the other is checked through real HTTP. PostgreSQL only: the embedded
 * PGlite is one process's database (docs/deploy.md "The embedded database").
 */
const realPostgres = process.env.DATABASE_URL;

/** The secrets every node must share (docs/deploy.md): sessions, partners' app-key secrets, signed file URLs. */
const SHARED_SECRETS = {
  JWT_SECRET: 'multinode-jwt-secret-multinode-jwt-secret-0123',
  OPEN_API_SECRET_KEY: 'multinode-open-api-key-multinode-open-api-key',
  FILE_URL_KEY: 'multinode-file-url-key-multinode-file-url-key',
};
const client = (() => {
  const c = loadConfig({ DATA_DIR: tmpdir() });
  return basicHeader(c.clientId, c.clientSecret);
})();

interface Answer {
  status: number;
  // Tests read arbitrary fields of data; each asserts what it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { code: number; msg: string; data: any };
}

/** A JSON (or form) call to one node over HTTP. */
async function http(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  o: { token?: string; json?: unknown; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...o.headers };
  let body = o.body;
  if (o.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.json);
  }
  const res = await fetch(base + path, { method, headers, body });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const signIn = async (base: string, path: string, loginName: string, loginPassword: string) => {
  const r = await http(base, 'POST', path, {
    headers: { ...FORM, authorization: client },
    body: form({ loginName, loginPassword }),
  });
  if (r.body.code !== 0) throw new Error(`sign-in on ${base}: ${JSON.stringify(r)}`);
  return r.body.data as { access_token: string; refresh_token: string };
};

const refresh = (base: string, refreshToken: string) =>
  http(base, 'POST', AUTH_PATHS.refreshToken, {
    headers: { ...FORM, authorization: client },
    body: form({ refresh_token: refreshToken }),
  });

/** Uploads a shared data file as `token` to `base`; its uuid. */
async function upload(base: string, token: string, rel: string, filename: string): Promise<string> {
  const m = multipart([{ field: 'file', filename, contentType: 'image/jpeg', value: dataFile(rel) }]);
  const res = await fetch(base + FILE_PATHS.upload, {
    method: 'POST',
    headers: { ...m.headers, authorization: `Bearer ${token}` },
    body: m.payload,
  });
  const body = (await res.json()) as Answer['body'];
  if (res.status !== 200) throw new Error(`upload to ${base}: ${res.status} ${JSON.stringify(body)}`);
  return body.data.uuid as string;
}

/** A signed partner call to one node (docs/open-api.md). */
async function signed(
  base: string,
  key: { appKey: string; secret: string },
  method: 'GET' | 'POST',
  path: string,
  json?: unknown,
) {
  const text = json === undefined ? '' : JSON.stringify(json);
  return http(base, method, path, {
    headers: {
      ...signHeaders(key, method, path, text),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: text }),
  });
}

/** The events of a record's progress stream, read until its `end` event (the stream then closes). */
async function progressEvents(base: string, token: string, id: string): Promise<{ event: string; status: string }[]> {
  const res = await fetch(base + RECORD_PATHS.events(id), { headers: { authorization: `Bearer ${token}` } });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: { event: string; status: string }[] = [];
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    for (let cut = text.indexOf('\n\n'); cut >= 0; cut = text.indexOf('\n\n')) {
      const block = text.slice(0, cut);
      text = text.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, status: (JSON.parse(data) as { status: string }).status });
    }
  }
  return events;
}

/** Polls `fn` until `done` holds (a background job on some node); the last value either way. */
async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 120_000, everyMs = 100): Promise<T> {
  for (const t0 = Date.now(); ;) {
    const v = await fn();
    if (done(v) || Date.now() - t0 > timeoutMs) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe.skipIf(!realPostgres)(
  'two server nodes on one PostgreSQL and one S3 bucket (PostgreSQL run only: needs DATABASE_URL)',
  () => {
    let s3: S3rver;
    let s3Dir = '';
    const dataDirs: string[] = [];
    let a: ServerProcess;
    let b: ServerProcess;
    let database: Database;
    let sql: pg.Client;
    let member: { token: string; refresh: string };

    const statusOf = async (id: string) =>
      (await sql.query<{ status: string }>('select status from diagnosis_record where id = $1', [id])).rows[0]?.status;

    beforeAll(async () => {
      s3Dir = mkdtempSync(join(tmpdir(), 'tcm-multinode-s3-'));
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: s3Dir,
        configureBuckets: [{ name: 'tcm-multinode', configs: [] }],
      });
      const { port } = await s3.run();
      const env = {
        ...SHARED_SECRETS,
        DATABASE_URL: inject('databaseUrl'),
        STORAGE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'tcm-multinode',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PREFIX: 'files/',
        // The suite's shared database holds other files' queued records (test-app.ts does the same).
        QUEUED_RECORDS_PER_ADDRESS: '100000',
        ANALYSIS_QUEUE_MAX: '0',
        DATABASE_POOL_MAX: '4',
      };
      dataDirs.push(mkdtempSync(join(tmpdir(), 'tcm-node-a-')), mkdtempSync(join(tmpdir(), 'tcm-node-b-')));
      // Both at once, as hosts restarting together after a power cut would: they take turns at
      // preparing the database (migrations, pg-boss's schema; ops/prepare.ts prepareShared).
      [a, b] = await Promise.all([spawnServer(dataDirs[0]!, env), spawnServer(dataDirs[1]!, env)]);
      await Promise.all([untilReady(a), untilReady(b)]);
      database = await openDatabase({ databaseUrl: inject('databaseUrl'), poolMax: 1 });
      sql = new pg.Client({ connectionString: inject('databaseUrl') });
      await sql.connect();
      const team = await buildTeam(database.db);
      const u = await buildUser(database.db, { entrance: 'member', teamId: team.id });
      const t = await signIn(a.base, AUTH_PATHS.entranceSignin('member'), u.loginName, u.password);
      member = { token: t.access_token, refresh: t.refresh_token };
    }, 300_000);

    afterAll(async () => {
      for (const s of [a, b]) if (s && s.child.exitCode === null) s.child.kill('SIGKILL');
      await Promise.all([a?.exited, b?.exited]);
      await sql?.end();
      await database?.close();
      await s3?.close();
      for (const dir of [...dataDirs, s3Dir]) rmSync(dir, { recursive: true, force: true });
    });

    it('a record made through A is analysed by either worker, followed to its end on A, and B serves its photo, result and PDF', async () => {
      const photo = await upload(a.base, member.token, 'tongue/images/TE0000458.jpg', 'tongue.jpg');
      const created = await http(a.base, 'POST', RECORD_PATHS.create, {
        token: member.token,
        json: { files: { tongue: photo }, lang: 'en' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data.recordId as string;
      const events = await progressEvents(a.base, member.token, id);
      expect(events.at(-1)).toEqual({ event: RECORD_EVENTS.end, status: 'done' });
      expect(events.slice(0, -1).every((e) => e.event === RECORD_EVENTS.progress)).toBe(true);

      // The access token A issued is accepted by B (shared JWT_SECRET, sessions in PostgreSQL).
      const detail = await http(b.base, 'GET', RECORD_PATHS.detail(id), { token: member.token });
      expect([detail.status, detail.body.data.status, detail.body.data.results.tongue.status]).toEqual([
        200,
        'done',
        'done',
      ]);
      // The photo A stored in the bucket, through B's signed URL (shared FILE_URL_KEY).
      const file = await fetch(b.base + (detail.body.data.files.tongue.url as string));
      expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
      expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(dataFile('tongue/images/TE0000458.jpg')))).toBe(
        true,
      );
      // And A accepts the URL B signed, also for a resized copy (made by A, kept in the bucket).
      const url = detail.body.data.files.tongue.url as string;
      const small: Buffer[] = [];
      for (const base of [a.base, b.base]) {
        const r = await fetch(`${base}${url}&w=64`);
        expect([r.status, r.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
        small.push(Buffer.from(await r.arrayBuffer()));
      }
      expect(small[0]!.equals(small[1]!)).toBe(true);
      expect(small[0]!.length).toBeLessThan(dataFile('tongue/images/TE0000458.jpg').length);
      const pdf = await fetch(`${b.base}${RECORD_PATHS.report(id)}?lang=en`, {
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
      ensurePoppler();
      // The tongue photo is drawn into the PDF: B read A's upload from the bucket.
      expect(inspectPdf(Buffer.from(await pdf.arrayBuffer())).images).toBeGreaterThanOrEqual(1);
    }, 240_000);

    it("one node's detail cache never serves what the other changed", async () => {
      const first = await upload(a.base, member.token, 'tongue/images/TE0000458.jpg', 'tongue.jpg');
      const created = await http(a.base, 'POST', RECORD_PATHS.create, {
        token: member.token,
        json: { files: { tongue: first }, lang: 'en' },
      });
      const id = created.body.data.recordId as string;
      await until(
        () => statusOf(id),
        (s) => s === 'done' || s === 'failed',
      );
      // Read twice on A: the second answer comes from A's cache.
      const before = await http(a.base, 'GET', RECORD_PATHS.detail(id), { token: member.token });
      expect((await http(a.base, 'GET', RECORD_PATHS.detail(id), { token: member.token })).body).toEqual(before.body);
      expect([before.body.data.status, before.body.data.files.tongue.uuid]).toEqual(['done', first]);

      // B replaces the photo (a redo): A's next answer shows B's change, not its cached detail.
      const second = await upload(b.base, member.token, 'tongue/images/TE0000387.jpg', 'second.jpg');
      const redo = await http(b.base, 'POST', RECORD_PATHS.redo(id), {
        token: member.token,
        json: { slot: 'tongue', fileId: second },
      });
      expect(redo.status, JSON.stringify(redo.body)).toBe(200);
      const after = await http(a.base, 'GET', RECORD_PATHS.detail(id), { token: member.token });
      expect(after.body.data.files.tongue.uuid).toBe(second);
      const done = await until(
        () => http(a.base, 'GET', RECORD_PATHS.detail(id), { token: member.token }),
        (r) => r.body.data.status === 'done' || r.body.data.status === 'failed',
      );
      expect([done.body.data.status, done.body.data.files.tongue.uuid]).toEqual(['done', second]);
    }, 240_000);

    it('a session holds across nodes: signed in on A, refreshed on B, signed out on B, refused on A', async () => {
      const u = await buildUser(database.db);
      const t = await signIn(a.base, AUTH_PATHS.pwdSignin, u.loginName, u.password);
      const rotated = await refresh(b.base, t.refresh_token);
      expect(rotated.body.code).toBe(0);
      // The old refresh token was rotated by B: reusing it on A revokes the family.
      const reuse = await refresh(a.base, t.refresh_token);
      expect(reuse.status).toBe(401);
      const signedIn = await signIn(a.base, AUTH_PATHS.pwdSignin, u.loginName, u.password);
      expect((await http(b.base, 'POST', AUTH_PATHS.loginOut, { token: signedIn.access_token })).body.code).toBe(0);
      const after = await http(a.base, 'POST', AUTH_PATHS.loginOut, { token: signedIn.access_token });
      expect([after.status, after.body.code]).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
    });

    it("a partner key made on A signs calls to B; its per-minute rate and daily quota count both nodes' calls", async () => {
      const adminUser = await buildUser(database.db, { roleCodes: ['admin'] });
      const admin = (await signIn(a.base, AUTH_PATHS.pwdSignin, adminUser.loginName, adminUser.password)).access_token;
      const corporation = await http(a.base, 'POST', CORPORATION_PATHS.add, {
        token: admin,
        json: { name: `Partner ${Date.now()}`, flags: { api: true, h5: false, wx: false } },
      });
      const keyOf = async (rateLimitPerMin: number, dailyQuota: number) => {
        const k = await http(a.base, 'POST', CORPORATION_PATHS.keyAdd, {
          token: admin,
          json: { corporationId: corporation.body.data.id, rateLimitPerMin, dailyQuota },
        });
        return k.body.data as { appKey: string; secret: string };
      };

      // Rate: 3 a minute, spent on A, B, A; the fourth is refused on B. Retried once when the
      // calls straddled a minute boundary (the window is the UTC minute, the same on every node).
      let statuses: number[] = [];
      for (let attempt = 0; attempt < 2; attempt++) {
        const rated = await keyOf(3, 1000);
        const minute = Math.floor(Date.now() / 60_000);
        statuses = [];
        for (const base of [a.base, b.base, a.base, b.base])
          statuses.push((await signed(base, rated, 'GET', OPEN_API_PATHS.usage)).status);
        if (Math.floor(Date.now() / 60_000) === minute) break;
      }
      expect(statuses).toEqual([200, 200, 200, 429]);

      // Quota: 2 analyses a day, one submitted on each node; the third is refused on A.
      const quoted = await keyOf(1000, 2);
      const vitals = (weightKg: number) => ({ vitals: { heightCm: 170, weightKg }, lang: 'en' });
      const one = await signed(a.base, quoted, 'POST', OPEN_API_PATHS.submit, vitals(60));
      const two = await signed(b.base, quoted, 'POST', OPEN_API_PATHS.submit, vitals(61));
      const three = await signed(a.base, quoted, 'POST', OPEN_API_PATHS.submit, vitals(62));
      expect([one.status, two.status, three.status]).toEqual([200, 200, 429]);
      expect(three.body.code).toBe(OPEN_API_ERRORS.QUOTA_EXCEEDED.code);
      // Each task is read through the node that did not take it, until done.
      for (const [base, task] of [
        [b.base, one],
        [a.base, two],
      ] as const) {
        const done = await until(
          () => signed(base, quoted, 'GET', OPEN_API_PATHS.task(task.body.data.taskId as string)),
          (r) => ['done', 'partial', 'failed'].includes(r.body.data.status as string),
        );
        expect(done.body.data.status).toBe('done');
      }
      expect((await signed(b.base, quoted, 'GET', OPEN_API_PATHS.usage)).body.data.analyses).toBe(2);
    }, 240_000);

    // Last: it ends node B.
    it('a node killed mid-analysis loses nothing: the other node takes the record up and finishes it', async () => {
      // A is paused, so B's worker is the one that takes the record.
      a.child.kill('SIGSTOP');
      let id = '';
      try {
        id = await postVisitorPhoto(b.base);
        expect(
          await until(
            () => statusOf(id),
            (s) => s !== 'queued',
            60_000,
            10,
          ),
        ).toBe('running');
        // B dies mid-analysis (kill -9: no graceful finish).
        b.child.kill('SIGKILL');
        await b.exited;
      } finally {
        a.child.kill('SIGCONT');
      }
      // A's orphan sweep puts the record back in the queue and A's worker finishes it.
      expect(
        await until(
          () => statusOf(id),
          (s) => s === 'done' || s === 'failed',
          120_000,
        ),
      ).toBe('done');
      const { rows } = await sql.query<{ share_token: string }>(
        'select share_token from diagnosis_record where id = $1',
        [id],
      );
      const shared = await http(a.base, 'GET', RECORD_PATHS.shared(rows[0]!.share_token));
      expect([shared.status, shared.body.data.status, shared.body.data.results.tongue.status]).toEqual([
        200,
        'done',
        'done',
      ]);
    }, 240_000);
  },
);
