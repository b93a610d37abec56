import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_ERRORS, AUTH_PATHS, USER_PATHS } from '@tcm/contract';
import { users } from '../../db/schema/index.js';
import { buildUser, uid } from '../../test/factories.js';
import { call, form, FORM, refusedFields } from '../../test/http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { WechatProtocolServer } from '../../test/wechat-protocol-server.js';

let t: TestApp;
const wx = new WechatProtocolServer('wx-test-app', 'wx-test-secret');

beforeAll(async () => {
  const base = await wx.start();
  t = await createTestApp({ WECHAT_API_BASE: base, WECHAT_APP_ID: wx.appId, WECHAT_APP_SECRET: wx.appSecret });
});
afterAll(async () => {
  await t.close();
  await wx.stop();
});

const exchange = (path: string, code: string) =>
  t.app.inject({ method: 'POST', url: path, headers: FORM, payload: form({ oauth2Sessionid: code }) });
const person = () => ({
  openid: `o_${uid()}`,
  unionid: `u_${uid()}`,
  nickname: '微信用户',
  headimgurl: 'https://img.example/h.png',
});

describe('WeChat OAuth exchange', () => {
  it('getAccessToken creates the member account on first use and returns working tokens', async () => {
    const p = person();
    const res = await exchange(AUTH_PATHS.wechatGetAccessToken, wx.issueCode(p));
    expect(res.json().code).toBe(0);
    const info = await call(t.app, 'GET', USER_PATHS.currentUser, res.json().data.access_token);
    expect(info.body.data).toMatchObject({ entrance: 'member', name: '微信用户', headImage: p.headimgurl });
    expect(res.headers['cache-control']).toBe('no-store'); // token answer (docs/security.md §10b)
    expect(wx.requests.slice(-2)).toEqual(['/sns/oauth2/access_token', '/sns/userinfo']);
    // Second login with a new code reuses the same account.
    const again = await exchange(AUTH_PATHS.wechatGetAccessToken, wx.issueCode(p));
    const info2 = await call(t.app, 'GET', USER_PATHS.currentUser, again.json().data.access_token);
    expect(info2.body.data.id).toBe(info.body.data.id);
  });

  it("rejects a used or unknown code with WeChat's msg", async () => {
    const code = wx.issueCode(person());
    expect((await exchange(AUTH_PATHS.wechatGetAccessToken, code)).json().code).toBe(0);
    const reused = await exchange(AUTH_PATHS.wechatGetAccessToken, code);
    expect(reused.statusCode).toBe(502);
    expect(reused.json()).toMatchObject({
      code: AUTH_ERRORS.WECHAT_FAILED.code,
      msg: 'invalid code (40029)',
      data: { errcode: 40029 },
    });
  });

  it('getAccessTokenWithoutInitUser returns the profile unbound, and tokens once an account is bound', async () => {
    const p = person();
    const res = await exchange(AUTH_PATHS.wechatGetAccessTokenWithoutInitUser, wx.issueCode(p));
    expect(res.json().data).toMatchObject({ openid: p.openid, unionid: p.unionid, bound: false, token: null });
    const n = await t.database.db.select().from(users).where(eq(users.wechatOpenId, p.openid));
    expect(n).toHaveLength(0);

    const member = await buildUser(t.database.db, { entrance: 'member', wechatOpenId: p.openid });
    const bound = await exchange(AUTH_PATHS.wechatGetAccessTokenWithoutInitUser, wx.issueCode(p));
    expect(bound.json().data.bound).toBe(true);
    expect([res.headers['cache-control'], bound.headers['cache-control']]).toEqual(['no-store', 'no-store']);
    const info = await call(t.app, 'GET', USER_PATHS.memberInfo, bound.json().data.token.access_token);
    expect(info.body.data.loginName).toBe(member.loginName);
  });

  it('answers 400 naming oauth2Sessionid when it is missing, on both calls', async () => {
    for (const url of [AUTH_PATHS.wechatGetAccessToken, AUTH_PATHS.wechatGetAccessTokenWithoutInitUser]) {
      const res = await t.app.inject({ method: 'POST', url, headers: FORM, payload: '' });
      expect(res.statusCode, url).toBe(400);
      expect(refusedFields(res.json()), url).toContain('oauth2Sessionid');
    }
  });

  it('reports a wrong app secret as WeChat does', async () => {
    const bad = await createTestApp({
      WECHAT_API_BASE: t.config.wechat.apiBase,
      WECHAT_APP_ID: wx.appId,
      WECHAT_APP_SECRET: 'wrong',
    });
    try {
      const res = await bad.app.inject({
        method: 'POST',
        url: AUTH_PATHS.wechatGetAccessToken,
        headers: FORM,
        payload: form({ oauth2Sessionid: wx.issueCode(person()) }),
      });
      expect(res.json().msg).toBe('invalid appsecret (40125)');
    } finally {
      await bad.close();
    }
  });
});
