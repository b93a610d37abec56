import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { AUTH_PATHS, USER_PATHS } from '@tcm/contract';
import { loadConfig } from '../config.js';
import { menus } from '../db/schema/index.js';
import { SEED_PASSWORD_FOR_TESTS } from '../test/global-setup.js';
import { call, signIn } from '../test/http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { seedIfEmpty } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The suite's database was seeded by the global setup with SEED_PASSWORD_FOR_TESTS.
describe('first-start seed', () => {
  it('created one account per entrance that signs in where it belongs', async () => {
    const entrances = {
      admin: 'sys',
      leader: 'member',
      member: 'member',
      outsider: 'member',
      doctor: 'doctor',
      display: 'display',
      disease: 'disease',
      training: 'training',
    } as const;
    for (const [name, entrance] of Object.entries(entrances)) {
      const path = entrance === 'sys' ? AUTH_PATHS.pwdSignin : AUTH_PATHS.entranceSignin(entrance);
      const tok = await signIn(t, name, SEED_PASSWORD_FOR_TESTS, path);
      expect(tok.access_token, name).toBeTruthy();
    }
  });

  it('made leader a team leader with treatment plans and display, member a plain member of the same team', async () => {
    const leader = await call(
      t.app,
      'GET',
      USER_PATHS.memberInfo,
      (await signIn(t, 'leader', SEED_PASSWORD_FOR_TESTS, AUTH_PATHS.entranceSignin('member'))).access_token,
    );
    const member = await call(
      t.app,
      'GET',
      USER_PATHS.memberInfo,
      (await signIn(t, 'member', SEED_PASSWORD_FOR_TESTS, AUTH_PATHS.entranceSignin('member'))).access_token,
    );
    expect(leader.body.data).toMatchObject({ teamLeader: 1, canConfigTreatPlan: 1, displayPermission: 1 });
    expect(member.body.data).toMatchObject({
      teamLeader: 0,
      canConfigTreatPlan: 0,
      displayPermission: 0,
      teamId: leader.body.data.teamId,
    });
    const admin = await call(
      t.app,
      'GET',
      USER_PATHS.currentSysuser,
      (await signIn(t, 'admin', SEED_PASSWORD_FOR_TESTS)).access_token,
    );
    expect(admin.body.data.roles).toContain('admin');
  });

  it('leaves a seeded database alone', async () => {
    const [before] = await t.database.db.select({ n: count() }).from(menus);
    const res = await seedIfEmpty(t.database.db, loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tcm-seed2-')) }));
    expect(res.created).toBe(false);
    const [after] = await t.database.db.select({ n: count() }).from(menus);
    expect(after!.n).toBe(before!.n);
  });
});
