import { expect } from 'vitest';
import { TEAM_PATHS } from '@tcm/contract';
import { call } from './http.js';
import { userWithToken } from './records-helpers.js';
import type { TestApp } from './test-app.js';

/** A member-entrance account and its token. */
export const memberWithToken = (t: TestApp, over: Parameters<typeof userWithToken>[1] = {}) =>
  userWithToken(t, { entrance: 'member', roleCodes: ['member'], ...over });

/** A team founded through the API: its leader holds every flag. */
export async function foundedTeam(t: TestApp) {
  const leader = await memberWithToken(t);
  const res = await call(t.app, 'POST', TEAM_PATHS.create, leader.token, { name: 'Clinic A' });
  expect(res.status).toBe(200);
  return { leader, teamId: res.body.data.team.id as string };
}
