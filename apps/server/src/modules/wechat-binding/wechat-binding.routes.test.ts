import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  MEMBER_ACCOUNT_ERRORS,
  MEMBER_ACCOUNT_PATHS,
  RECORD_ERRORS,
  WECHAT_BIND_ERRORS,
  WECHAT_BIND_PATHS,
} from '@tcm/contract';
import { recordsTable, users, wechatBindings } from '../../db/schema/index.js';
import { buildTeam, uid } from '../../test/factories.js';
import { call } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { EventPush } from '../../test/wechat-mp-protocol.js';
import { WechatProtocolServer } from '../../test/wechat-protocol-server.js';

let t: TestApp;
const wx = new WechatProtocolServer('wx-mp-app', 'wx-mp-secret', 'mp-server-token');

beforeAll(async () => {
  const base = await wx.start();
  t = await createTestApp({
    WECHAT_API_BASE: base,
    WECHAT_APP_ID: wx.appId,
    WECHAT_APP_SECRET: wx.appSecret,
    WECHAT_MP_TOKEN: wx.serverToken,
    WECHAT_REPORT_TEMPLATE_ID: 'tpl-report-ready',
    PUBLIC_WEB_URL: 'https://tcm.example/pc',
  });
});
afterAll(async () => {
  await t.close();
  await wx.stop();
});

const member = (over: Parameters<typeof userWithToken>[1] = {}) => userWithToken(t, { entrance: 'member', ...over });

/** Delivers a push to the callback as WeChat does: signed query, XML body. */
const deliver = (ev: EventPush) =>
  t.app.inject({
    method: 'POST',
    url: `${WECHAT_BIND_PATHS.callback}?${new URLSearchParams(ev.query).toString()}`,
    headers: { 'content-type': 'text/xml' },
    payload: ev.body,
  });

async function newBinding(token: string) {
  const res = await call(t.app, 'POST', WECHAT_BIND_PATHS.create, token, {});
  expect(res.status).toBe(200);
  return res.body.data as { scene: string; qrUrl: string; status: string };
}

const statusOf = async (token: string, scene: string) =>
  (await call(t.app, 'GET', WECHAT_BIND_PATHS.status(scene), token)).body.data.status as string;

const openIdOf = async (id: string) =>
  (await t.database.db.select({ o: users.wechatOpenId }).from(users).where(eq(users.id, id)))[0]!.o;

describe('WeChat binding: member calls', () => {
  it('401 without a token on every member route', async () => {
    for (const [method, url] of [
      ['POST', WECHAT_BIND_PATHS.create],
      ['GET', WECHAT_BIND_PATHS.mine],
      ['GET', WECHAT_BIND_PATHS.status('x'.repeat(24))],
      ['POST', WECHAT_BIND_PATHS.pushReport(randomUUID())],
    ] as const) {
      const res = await call(t.app, method, url, undefined, method === 'POST' ? { lang: 'xx' } : undefined);
      expect([url, res.status]).toEqual([url, 401]);
    }
  });

  it('400 for a malformed scene code, record id or language', async () => {
    const me = await member();
    for (const [method, url, body] of [
      ['GET', WECHAT_BIND_PATHS.status('short'), undefined],
      ['POST', WECHAT_BIND_PATHS.pushReport('not-a-uuid'), {}],
      ['POST', WECHAT_BIND_PATHS.pushReport(randomUUID()), { lang: 'fr' }],
    ] as const) {
      const res = await call(t.app, method, url, me.token, body, { 'accept-language': 'en' });
      expect([url, res.status, res.body.code]).toEqual([url, 400, 2000400]);
    }
  });

  it('403: another member’s scene code, a doctor, another team’s record', async () => {
    const a = await member();
    const b = await member();
    const { scene } = await newBinding(a.token);
    const other = await call(t.app, 'GET', WECHAT_BIND_PATHS.status(scene), b.token);
    expect([other.status, other.body.code]).toEqual([403, WECHAT_BIND_ERRORS.BINDING_FORBIDDEN.code]);
    const doctor = await userWithToken(t, { entrance: 'doctor' });
    const d = await call(t.app, 'POST', WECHAT_BIND_PATHS.create, doctor.token, {});
    expect([d.status, d.body.code]).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);

    const team = await buildTeam(t.database.db);
    const foreignLeader = await member({ teamId: (await buildTeam(t.database.db)).id, teamLeader: true });
    const [r] = await t.database.db
      .insert(recordsTable)
      .values({ source: 'team', status: 'done', teamId: team.id, personName: 'X', shareToken: randomUUID() })
      .returning();
    const push = await call(t.app, 'POST', WECHAT_BIND_PATHS.pushReport(r!.id), foreignLeader.token, {});
    expect([push.status, push.body.code]).toEqual([403, RECORD_ERRORS.RECORD_FORBIDDEN.code]);
  });

  it('a scan of the QR code binds the account once; the outcome reads bound', async () => {
    const me = await member();
    const b = await newBinding(me.token);
    expect(b).toMatchObject({ status: 'pending', qrUrl: expect.stringContaining('weixin.qq.com/q/') });
    expect(b.scene).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await call(t.app, 'GET', WECHAT_BIND_PATHS.mine, me.token)).body.data).toEqual({ bound: false });

    const openid = `o_${uid()}`;
    const res = await deliver(wx.mp.scanEvent(b.qrUrl, openid));
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    expect(await statusOf(me.token, b.scene)).toBe('bound');
    expect(await openIdOf(me.user.id)).toBe(openid);
    expect((await call(t.app, 'GET', WECHAT_BIND_PATHS.mine, me.token)).body.data).toEqual({ bound: true });

    // One-time: another WeChat user scanning the same (used) code changes nothing.
    await deliver(wx.mp.scanEvent(b.qrUrl, `o_${uid()}`, { subscribed: true }));
    expect(await openIdOf(me.user.id)).toBe(openid);
  });

  it('a WeChat account already bound to someone else: the outcome reads conflict, nothing moves', async () => {
    const openid = `o_${uid()}`;
    const holder = await member({ wechatOpenId: openid });
    const me = await member();
    const b = await newBinding(me.token);
    await deliver(wx.mp.scanEvent(b.qrUrl, openid, { subscribed: true }));
    expect(await statusOf(me.token, b.scene)).toBe('conflict');
    expect(await openIdOf(me.user.id)).toBeNull();
    expect(await openIdOf(holder.user.id)).toBe(openid);
  });

  it('an expired code reads expired and a late scan does not bind', async () => {
    const me = await member();
    const b = await newBinding(me.token);
    await t.database.db
      .update(wechatBindings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(wechatBindings.scene, b.scene));
    await deliver(wx.mp.scanEvent(b.qrUrl, `o_${uid()}`));
    expect(await statusOf(me.token, b.scene)).toBe('expired');
    expect(await openIdOf(me.user.id)).toBeNull();
  });
});

describe('WeChat binding: the event callback', () => {
  it('refuses a forged signature (403) and binds nothing', async () => {
    const me = await member();
    const b = await newBinding(me.token);
    const forged = wx.mp.scanEvent(b.qrUrl, `o_${uid()}`, { signWith: 'guessed-token' });
    const res = await deliver(forged);
    expect([res.statusCode, res.json().code]).toEqual([403, WECHAT_BIND_ERRORS.SIGNATURE_INVALID.code]);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: WECHAT_BIND_PATHS.callback,
      headers: { 'content-type': 'text/xml' },
      payload: forged.body,
    });
    expect(unsigned.statusCode).toBe(403);
    expect(await statusOf(me.token, b.scene)).toBe('pending');
  });

  it('refuses a correctly signed push whose timestamp is outside the five-minute window', async () => {
    const me = await member();
    const b = await newBinding(me.token);
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    const res = await deliver(wx.mp.scanEvent(b.qrUrl, `o_${uid()}`, { timestamp: old }));
    expect(res.statusCode).toBe(403);
    expect(await statusOf(me.token, b.scene)).toBe('pending');
  });

  it('ignores a replayed event: same nonce and timestamp answer success and change nothing', async () => {
    const a = await member();
    const b = await member();
    const first = await newBinding(a.token);
    const second = await newBinding(b.token);
    const ev = wx.mp.scanEvent(first.qrUrl, `o_${uid()}`, { nonce: `n${uid()}` });
    expect((await deliver(ev)).body).toBe('success');
    expect(await statusOf(a.token, first.scene)).toBe('bound');
    // The captured push, its signature intact, with another code's scene spliced into the body:
    // the nonce was seen, so it is answered but not acted on.
    const replay = { ...ev, body: ev.body.replace(/qrscene_[^\]]+/, `qrscene_${second.scene}`) };
    const res = await deliver(replay);
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    expect(await statusOf(b.token, second.scene)).toBe('pending');
  });

  it('answers the server URL check with echostr when signed, 403 otherwise', async () => {
    const ev = wx.mp.scanEvent((await newBinding((await member()).token)).qrUrl, 'o_x');
    const q = new URLSearchParams({ ...ev.query, echostr: 'hello123' });
    const ok = await t.app.inject({ method: 'GET', url: `${WECHAT_BIND_PATHS.callback}?${q.toString()}` });
    expect([ok.statusCode, ok.body]).toEqual([200, 'hello123']);
    q.set('signature', 'f'.repeat(40));
    const bad = await t.app.inject({ method: 'GET', url: `${WECHAT_BIND_PATHS.callback}?${q.toString()}` });
    expect(bad.statusCode).toBe(403);
  });
});

describe('WeChat binding: report push', () => {
  async function doneRecordOf(subject: { user: { id: string; teamId?: string | null } }, teamId: string | null) {
    const [r] = await t.database.db
      .insert(recordsTable)
      .values({
        source: 'team',
        status: 'done',
        teamId,
        subjectUserId: subject.user.id,
        personName: '李四',
        conclusion: '气虚质',
        lang: 'zh',
        shareToken: `share${uid()}`,
        finishedAt: new Date(),
      })
      .returning();
    return r!;
  }

  it('a leader pushes a team record to the bound member: a template message linking to /checked/pdf', async () => {
    const team = await buildTeam(t.database.db);
    const leader = await member({ teamId: team.id, teamLeader: true });
    const openid = `o_${uid()}`;
    const person = await member({ teamId: team.id, wechatOpenId: openid });
    const r = await doneRecordOf(person, team.id);
    const res = await call(t.app, 'POST', WECHAT_BIND_PATHS.pushReport(r.id), leader.token, {});
    expect(res.status).toBe(200);
    expect(res.body.data.msgid).toEqual(expect.any(Number));
    expect(wx.mp.templates.at(-1)).toMatchObject({
      touser: openid,
      template_id: 'tpl-report-ready',
      url: `https://tcm.example/pc/checked/pdf?token=${r.shareToken}&lang=zh`,
      data: { keyword1: { value: '李四' }, keyword3: { value: '气虚质' } },
    });
  });

  it('409 when the member has not bound WeChat; 502 with WeChat’s message when WeChat refuses', async () => {
    const team = await buildTeam(t.database.db);
    const leader = await member({ teamId: team.id, teamLeader: true });
    const unbound = await member({ teamId: team.id });
    const r1 = await doneRecordOf(unbound, team.id);
    const res = await call(t.app, 'POST', WECHAT_BIND_PATHS.pushReport(r1.id), leader.token, {});
    expect([res.status, res.body.code]).toEqual([409, WECHAT_BIND_ERRORS.NOT_BOUND.code]);

    const bound = await member({ teamId: team.id, wechatOpenId: `o_${uid()}` });
    const r2 = await doneRecordOf(bound, team.id);
    wx.mp.failNextTemplate = 43004;
    const refused = await call(t.app, 'POST', WECHAT_BIND_PATHS.pushReport(r2.id), leader.token, {});
    expect([refused.status, refused.body.code]).toEqual([502, WECHAT_BIND_ERRORS.API_FAILED.code]);
    expect(refused.body.msg).toContain('43004');
  });
});

describe('unsubscribe (issue 33 item 5)', () => {
  it('each notice carries its unsubscribe link; once confirmed, the next push is refused (409) and WeChat is not called', async () => {
    const team = await buildTeam(t.database.db);
    const leader = await member({ teamId: team.id, teamLeader: true });
    const person = await member({ teamId: team.id, wechatOpenId: `o_${uid()}`, name: '周七' });
    const [r] = await t.database.db
      .insert(recordsTable)
      .values({
        source: 'team',
        status: 'done',
        teamId: team.id,
        subjectUserId: person.user.id,
        personName: '周七',
        lang: 'en',
        shareToken: `share${uid()}`,
        finishedAt: new Date(),
      })
      .returning();
    const first = await call(t.app, 'POST', WECHAT_BIND_PATHS.pushReport(r!.id), leader.token, {});
    expect(first.status).toBe(200);
    const remark = wx.mp.templates.at(-1)!.data.remark!.value;
    const link = /https:\/\/tcm\.example\/pc\/unsubscribe\/post\?token=(\S+)/.exec(remark);
    expect(remark).toContain('To stop these notices');
    const token = decodeURIComponent(link![1]!);
    const stop = await call(t.app, 'POST', MEMBER_ACCOUNT_PATHS.unsubscribe, undefined, { token });
    expect(stop.body.data).toMatchObject({ kind: 'report-ready', stopped: true });
    const sent = wx.mp.templates.length;
    const again = await call(t.app, 'POST', WECHAT_BIND_PATHS.pushReport(r!.id), leader.token, {});
    expect([again.status, again.body.code]).toEqual([409, MEMBER_ACCOUNT_ERRORS.MESSAGES_STOPPED.code]);
    expect(wx.mp.templates.length).toBe(sent);
  });
});
