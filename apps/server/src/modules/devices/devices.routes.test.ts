import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEVICE_ERRORS, DEVICE_PATHS, FILE_ERRORS, RECORD_ERRORS, RECORD_PATHS, SPEC_ERRORS } from '@tcm/contract';
import { auditLog, devices } from '../../db/schema/index.js';
import { buildTeam } from '../../test/factories.js';
import { call } from '../../test/http.js';
import { dataFile, multipart, userWithToken, waitFor, type Part } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [], { jobs: true });
});
afterAll(async () => t.close());

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function deviceUpload(auth: string | undefined, parts: Part[]) {
  const m = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: DEVICE_PATHS.upload,
    headers: { ...m.headers, ...(auth ? { authorization: auth } : {}) },
    payload: m.payload,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: any }>() };
}

async function leaderWithDevice() {
  const team = await buildTeam(t.database.db);
  const leader = await userWithToken(t, { entrance: 'member', teamId: team.id, teamLeader: true });
  const member = await userWithToken(t, { entrance: 'member', teamId: team.id });
  const reg = await call(t.app, 'POST', DEVICE_PATHS.register, leader.token, { name: 'Kiosk 1', location: 'Lobby' });
  expect(reg.status).toBe(200);
  return { team, leader, member, device: reg.body.data as { id: string; secret: string; teamId: string } };
}

describe('devices', () => {
  it('a leader registers a device: the secret is shown once and stored hashed; audited', async () => {
    const { team, leader, device } = await leaderWithDevice();
    expect(device.teamId).toBe(team.id);
    expect(device.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row!.secretHash).not.toContain(device.secret);
    const list = await call(t.app, 'GET', DEVICE_PATHS.list, leader.token);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].secret).toBeUndefined();
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, device.id));
    expect(audits.map((a) => a.action)).toEqual(['device.register']);
  });

  it('401 without a token, 400 bad input, 403 for a plain member or another team’s leader', async () => {
    const { device, member } = await leaderWithDevice();
    const other = await leaderWithDevice();
    const none = await call(t.app, 'POST', DEVICE_PATHS.register, undefined, { name: 'x' });
    expect([none.status, none.body.code]).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
    expect((await call(t.app, 'GET', DEVICE_PATHS.list)).status).toBe(401);
    expect((await call(t.app, 'POST', DEVICE_PATHS.disable(device.id))).status).toBe(401);
    const noCreds = await call(t.app, 'GET', DEVICE_PATHS.record(crypto.randomUUID()));
    expect([noCreds.status, noCreds.body.code]).toEqual([401, DEVICE_ERRORS.DEVICE_AUTH_INVALID.code]);
    expect((await call(t.app, 'POST', DEVICE_PATHS.disable('nope'), other.leader.token)).status).toBe(400);
    expect((await call(t.app, 'POST', DEVICE_PATHS.register, other.leader.token, { name: '' })).status).toBe(400);
    const seen = await call(t.app, 'GET', DEVICE_PATHS.list, member.token);
    expect(seen.body.data.map((d: { id: string; secret?: string }) => [d.id, d.secret])).toEqual([
      [device.id, undefined],
    ]);
    const plain = await call(t.app, 'POST', DEVICE_PATHS.register, member.token, { name: 'x' });
    expect([plain.status, plain.body.code]).toEqual([403, DEVICE_ERRORS.LEADER_REQUIRED.code]);
    const foreign = await call(t.app, 'POST', DEVICE_PATHS.disable(device.id), other.leader.token);
    expect(foreign.status).toBe(403);
  });

  it('device upload: bad credentials 401, missing tongue 400, bad vitals JSON 400, disabled device 403', async () => {
    const { leader, device } = await leaderWithDevice();
    const tongue: Part = { field: 'tongue', filename: 't.jpg', value: dataFile('tongue/images/TE0000458.jpg') };
    expect((await deviceUpload(undefined, [tongue])).body.code).toBe(DEVICE_ERRORS.DEVICE_AUTH_INVALID.code);
    const wrong = await deviceUpload(basic(device.id, 'not-the-secret'), [tongue]);
    expect([wrong.status, wrong.body.code]).toEqual([401, DEVICE_ERRORS.DEVICE_AUTH_INVALID.code]);
    const noTongue = await deviceUpload(basic(device.id, device.secret), [
      { field: 'face', filename: 'f.jpg', value: dataFile('face/02-woman.jpg') },
    ]);
    expect([noTongue.status, noTongue.body.code]).toEqual([400, FILE_ERRORS.FILE_MISSING.code]);
    const badVitals = await deviceUpload(basic(device.id, device.secret), [
      tongue,
      { field: 'vitals', value: '{"systolic": "high"}' },
    ]);
    expect([badVitals.status, badVitals.body.code]).toEqual([400, DEVICE_ERRORS.DEVICE_VITALS_INVALID.code]);
    expect(badVitals.body.msg).toMatch(/vitals\.systolic/);
    const wrongKind = await deviceUpload(basic(device.id, device.secret), [
      tongue,
      { field: 'voice', filename: 'v.wav', value: dataFile('face/02-woman.jpg') },
    ]);
    expect([wrongKind.status, wrongKind.body.code]).toEqual([400, FILE_ERRORS.FILE_TYPE_NOT_ALLOWED.code]);
    await call(t.app, 'POST', DEVICE_PATHS.disable(device.id), leader.token);
    const disabled = await deviceUpload(basic(device.id, device.secret), [tongue]);
    expect([disabled.status, disabled.body.code]).toEqual([403, DEVICE_ERRORS.DEVICE_DISABLED.code]);
  });

  it('a device upload becomes a team device record: in the leader’s deviceRecord list, 403 for another team', async () => {
    const { leader, member, device } = await leaderWithDevice();
    const other = await leaderWithDevice();
    const up = await deviceUpload(basic(device.id, device.secret), [
      { field: 'tongue', filename: 't.jpg', value: dataFile('tongue/images/TE0000458.jpg') },
      { field: 'pulse', filename: 'goda-ppg-125hz.csv', value: dataFile('pulse/goda-ppg-125hz.csv') },
      { field: 'vitals', value: JSON.stringify({ systolic: 121, diastolic: 79, heartRate: 72 }) },
      { field: 'person', value: JSON.stringify({ name: 'Li Si', sex: 'male', age: 45 }) },
    ]);
    expect(up.status).toBe(200);
    const id = up.body.data.recordId as string;
    const mine = await waitFor(
      () =>
        call(t.app, 'GET', DEVICE_PATHS.record(id), undefined, undefined, {
          authorization: basic(device.id, device.secret),
        }),
      (r) => ['done', 'failed'].includes(r.body.data.status),
      120000,
    );
    expect(mine.body.data).toMatchObject({
      source: 'device',
      deviceId: device.id,
      deviceName: 'Kiosk 1',
      person: { name: 'Li Si' },
    });
    expect(Object.keys(mine.body.data.files).sort()).toEqual(['pulse', 'tongue']);
    expect(mine.body.data.failure).toBeNull();
    expect(mine.body.data.status).toBe('done');
    for (const e of ['tongue', 'pulse', 'vitals', 'synthesis'])
      expect(mine.body.data.results[e].status, e).toBe('done');
    const list = await call(t.app, 'POST', RECORD_PATHS.list, leader.token, { scope: 'deviceRecord' });
    expect(list.body.data.list.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await call(t.app, 'GET', RECORD_PATHS.detail(id), leader.token)).status).toBe(200);
    for (const who of [other.leader, other.member, member]) {
      const r = await call(t.app, 'GET', RECORD_PATHS.detail(id), who.token);
      expect([r.status, r.body.code]).toEqual([403, RECORD_ERRORS.RECORD_FORBIDDEN.code]);
    }
    const otherDevice = await call(t.app, 'GET', DEVICE_PATHS.record(id), undefined, undefined, {
      authorization: basic(other.device.id, other.device.secret),
    });
    expect(otherDevice.status).toBe(403);
  }, 150000);
});

describe('OpenAPI', () => {
  it('documents the device upload with its Basic credentials, and the record and file routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/backend/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.components.securitySchemes.deviceBasic).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(doc.paths[DEVICE_PATHS.upload]?.post?.security).toEqual([{ deviceBasic: [] }]);
    for (const p of [
      RECORD_PATHS.create,
      RECORD_PATHS.list,
      '/backend/record/{id}/report',
      '/backend/portal/tongue/analyze',
    ])
      expect(Object.keys(doc.paths), p).toContain(p);
  });
});
