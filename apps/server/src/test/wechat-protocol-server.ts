import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OfficialAccountProtocol } from './wechat-mp-protocol.js';

export interface WechatUserFixture {
  openid: string;
  unionid?: string;
  nickname: string;
  headimgurl: string;
}

/**
 * A local server speaking WeChat's documented web-OAuth protocol: GET /sns/oauth2/access_token
 * (appid, secret, code, grant_type=authorization_code; codes are single-use) and
 * GET /sns/userinfo (access_token, openid); and the official-account protocol (`mp`: access
 * token, QR tickets, template messages, signed event pushes). Errors use WeChat's errcode/errmsg
 * bodies.
 */
export class WechatProtocolServer {
  private server: Server | undefined;
  private readonly codes = new Map<string, WechatUserFixture>();
  private readonly tokens = new Map<string, WechatUserFixture>();
  requests: string[] = [];
  readonly mp: OfficialAccountProtocol;

  constructor(
    readonly appId: string,
    readonly appSecret: string,
    /** The official account's server token, which signs event pushes. */
    readonly serverToken = 'test-server-token',
  ) {
    this.mp = new OfficialAccountProtocol(appId, appSecret, serverToken);
  }

  /** Issues a one-time code, as WeChat does when it redirects the user back. */
  issueCode(user: WechatUserFixture): string {
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, user);
    return code;
  }

  /**
   * Listens on `port` (0: any free one). With `control`, `POST /__test/code` (JSON fixture) also
   * issues a code over HTTP, and `POST /__test/scan` ({ qrUrl, openid, callback }) pushes the
   * signed scan event of that QR code to the app's callback URL, for browser journeys that drive
   * the server from another process.
   */
  async start(port = 0, opts: { control?: boolean } = {}): Promise<string> {
    const route = async (req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      this.requests.push(url.pathname);
      const q = url.searchParams;
      const send = (body: object) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (opts.control && req.method === 'POST' && url.pathname === '/__test/code') {
        let raw = '';
        req.on('data', (d: Buffer) => (raw += d.toString()));
        req.on('end', () => send({ code: this.issueCode(JSON.parse(raw) as WechatUserFixture) }));
        return;
      }
      if (opts.control && req.method === 'POST' && url.pathname === '/__test/scan') {
        let raw = '';
        req.on('data', (d: Buffer) => (raw += d.toString()));
        req.on(
          'end',
          () => void this.pushScan(JSON.parse(raw) as { qrUrl: string; openid: string; callback: string }).then(send),
        );
        return;
      }
      if (await this.mp.handle(req, url, send)) return;
      if (url.pathname === '/sns/oauth2/access_token') {
        if (q.get('appid') !== this.appId) return send({ errcode: 40013, errmsg: 'invalid appid' });
        if (q.get('secret') !== this.appSecret) return send({ errcode: 40125, errmsg: 'invalid appsecret' });
        if (q.get('grant_type') !== 'authorization_code') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
        const user = this.codes.get(q.get('code') ?? '');
        if (!user) return send({ errcode: 40029, errmsg: 'invalid code' });
        this.codes.delete(q.get('code')!);
        const token = randomBytes(16).toString('hex');
        this.tokens.set(token, user);
        return send({
          access_token: token,
          expires_in: 7200,
          refresh_token: randomBytes(16).toString('hex'),
          openid: user.openid,
          scope: 'snsapi_userinfo',
          ...(user.unionid ? { unionid: user.unionid } : {}),
        });
      }
      if (url.pathname === '/sns/userinfo') {
        const user = this.tokens.get(q.get('access_token') ?? '');
        if (!user || user.openid !== q.get('openid'))
          return send({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
        return send({
          openid: user.openid,
          nickname: user.nickname,
          sex: 0,
          province: '',
          city: '',
          country: 'CN',
          headimgurl: user.headimgurl,
          privilege: [],
          ...(user.unionid ? { unionid: user.unionid } : {}),
        });
      }
      res.writeHead(404).end();
    };
    // A fault in the fake answers 500 instead of leaving the request hanging (an unhandled rejection).
    this.server = createServer((req, res) => {
      route(req, res).catch((e: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(e));
      });
    });
    await new Promise<void>((r) => this.server!.listen(port, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Sends the signed scan event of a QR code to the app's callback, as WeChat does. */
  private async pushScan(p: { qrUrl: string; openid: string; callback: string }) {
    const ev = this.mp.scanEvent(p.qrUrl, p.openid);
    const res = await fetch(`${p.callback}?${new URLSearchParams(ev.query).toString()}`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: ev.body,
    });
    return { status: res.status, body: await res.text() };
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
