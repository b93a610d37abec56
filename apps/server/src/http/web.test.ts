// Issue 18 item 5: with CLIENT_ID / CLIENT_SECRET set on the server, the web app signs in with
// them. The server writes its configured client into the index.html it serves (meta tcm-client);
// the page's Basic header is that credential, which the sign-in accepts.
import { describe, expect, it } from 'vitest';
import { useWebApp } from '../test/suite.js';
import { buildUser } from '../test/factories.js';
import { FORM, form } from '../test/http.js';
import { withClientMeta } from './web.js';

const CLIENT = { id: 'clinic-portal', secret: 'a-secret-only-this-server-knows' };
const t = useWebApp(
  {
    'index.html': '<!doctype html>\n<html>\n  <head>\n    <title>spa</title>\n  </head>\n  <body></body>\n</html>\n',
    'assets/app.js': 'console.log(1)',
  },
  { CLIENT_ID: CLIENT.id, CLIENT_SECRET: CLIENT.secret },
);

/** The Basic credential the served page carries, as the web app reads it. */
const pageClient = (html: string) => /<meta name="tcm-client" content="([^"]+)" \/>/.exec(html)?.[1];

describe('web app and the configured client (issue 18 item 5)', () => {
  it('every way to the page carries the configured client, uncached; assets are served as they are', async () => {
    const basic = Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64');
    for (const url of ['/pc/', '/pc/index.html', '/pc/keyan-login', '/pc/doctor/home']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(pageClient(res.body), url).toBe(basic);
      // The public home has its own head (page-head.test.ts); other pages keep the build's title.
      if (url !== '/pc/') expect(res.body).toContain('<title>spa</title>');
    }
    const js = await t.app.inject({ method: 'GET', url: '/pc/assets/app.js' });
    expect(js.body).toBe('console.log(1)');
  });

  it("the page's credential signs in; the built-in default client no longer does", async () => {
    const user = await buildUser(t.database.db);
    const page = (await t.app.inject({ method: 'GET', url: '/pc/' })).body;
    const signIn = (authorization: string) =>
      t.app.inject({
        method: 'POST',
        url: '/backend/auth/user/pwd/signin',
        headers: { ...FORM, authorization },
        payload: form({ loginName: user.loginName, loginPassword: user.password }),
      });
    const ok = await signIn(`Basic ${pageClient(page)!}`);
    expect(ok.json()).toMatchObject({ code: 0 });
    const builtIn = await signIn(`Basic ${Buffer.from('tcm-web:tcm-web-secret').toString('base64')}`);
    expect(builtIn.statusCode).toBe(401);
  });

  it('a page without a head element still gets the meta before its content', () => {
    expect(withClientMeta('<!doctype html><title>x</title>', { id: 'a', secret: 'b' })).toBe(
      '<!doctype html><meta name="tcm-client" content="YTpi" /><title>x</title>',
    );
  });
});
