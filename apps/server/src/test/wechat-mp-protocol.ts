import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** WeChat's signature of a push: sha1 of the server token, timestamp and nonce, sorted and joined. */
export const wechatSignature = (token: string, timestamp: string, nonce: string) =>
  createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');

export interface SentTemplate {
  touser: string;
  template_id: string;
  url?: string;
  data: Record<string, { value: string }>;
}

export interface EventPush {
  /** The query WeChat puts on the callback URL. */
  query: { signature: string; timestamp: string; nonce: string; openid: string };
  /** The XML body. */
  body: string;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => resolve(raw));
  });

/**
 * The official-account half of WeChat's protocol, as documented: GET /cgi-bin/token
 * (client_credential), POST /cgi-bin/qrcode/create (QR_STR_SCENE tickets), POST
 * /cgi-bin/message/template/send; and the pushes WeChat makes to the account's server: a
 * subscribe or SCAN event carrying the ticket's scene, signed with the server token.
 */
export class OfficialAccountProtocol {
  private readonly tokens = new Set<string>();
  /** ticket → scene_str */
  readonly tickets = new Map<string, string>();
  readonly templates: SentTemplate[] = [];
  /** Answers the next template send with this errcode (e.g. 43004: the user unsubscribed). */
  failNextTemplate: number | undefined;

  constructor(
    readonly appId: string,
    readonly appSecret: string,
    readonly serverToken: string,
  ) {}

  /** Handles an official-account path; false when the path is not one. */
  async handle(req: IncomingMessage, url: URL, send: (body: object) => void): Promise<boolean> {
    const q = url.searchParams;
    const tokenOk = () => this.tokens.has(q.get('access_token') ?? '');
    const invalidToken = { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' };
    switch (url.pathname) {
      case '/cgi-bin/token': {
        if (q.get('grant_type') !== 'client_credential') send({ errcode: 40002, errmsg: 'invalid grant_type' });
        else if (q.get('appid') !== this.appId) send({ errcode: 40013, errmsg: 'invalid appid' });
        else if (q.get('secret') !== this.appSecret) send({ errcode: 40125, errmsg: 'invalid appsecret' });
        else {
          const token = randomBytes(16).toString('hex');
          this.tokens.add(token);
          send({ access_token: token, expires_in: 7200 });
        }
        return true;
      }
      case '/cgi-bin/qrcode/create': {
        const body = JSON.parse((await readBody(req)) || '{}') as {
          expire_seconds?: number;
          action_name?: string;
          action_info?: { scene?: { scene_str?: string } };
        };
        const scene = body.action_info?.scene?.scene_str;
        if (!tokenOk()) send(invalidToken);
        else if (body.action_name !== 'QR_STR_SCENE' || !scene || scene.length > 64)
          send({ errcode: 40053, errmsg: 'invalid action info' });
        else {
          const ticket = randomBytes(18).toString('base64url');
          this.tickets.set(ticket, scene);
          send({ ticket, expire_seconds: body.expire_seconds ?? 60, url: `http://weixin.qq.com/q/${ticket}` });
        }
        return true;
      }
      case '/cgi-bin/message/template/send': {
        const body = JSON.parse((await readBody(req)) || '{}') as SentTemplate;
        if (!tokenOk()) send(invalidToken);
        else if (this.failNextTemplate) {
          send({ errcode: this.failNextTemplate, errmsg: 'require subscribe' });
          this.failNextTemplate = undefined;
        } else if (!body.touser || !body.template_id) send({ errcode: 40003, errmsg: 'invalid openid' });
        else {
          this.templates.push(body);
          send({ errcode: 0, errmsg: 'ok', msgid: this.templates.length });
        }
        return true;
      }
      default:
        return false;
    }
  }

  /**
   * The push WeChat sends when `openid` scans the QR code of `qrUrl` (the ticket's URL): a
   * subscribe event with `qrscene_` before the scene for a new follower, SCAN for a follower.
   * `signWith` signs with another token (a forgery).
   */
  scanEvent(
    qrUrl: string,
    openid: string,
    opts: { subscribed?: boolean; signWith?: string; nonce?: string; timestamp?: string } = {},
  ): EventPush {
    const scene = this.tickets.get(qrUrl.split('/').pop() ?? '');
    if (!scene) throw new Error(`no ticket behind ${qrUrl}`);
    const timestamp = opts.timestamp ?? String(Math.floor(Date.now() / 1000));
    const nonce = opts.nonce ?? String(Math.floor(Math.random() * 1e9));
    const cdata = (s: string) => `<![CDATA[${s}]]>`;
    const body =
      `<xml><ToUserName>${cdata('gh_test_account')}</ToUserName><FromUserName>${cdata(openid)}</FromUserName>` +
      `<CreateTime>${timestamp}</CreateTime><MsgType>${cdata('event')}</MsgType>` +
      `<Event>${cdata(opts.subscribed ? 'SCAN' : 'subscribe')}</Event>` +
      `<EventKey>${cdata(opts.subscribed ? scene : `qrscene_${scene}`)}</EventKey>` +
      `<Ticket>${cdata(qrUrl.split('/').pop()!)}</Ticket></xml>`;
    const signature = wechatSignature(opts.signWith ?? this.serverToken, timestamp, nonce);
    return { query: { signature, timestamp, nonce, openid }, body };
  }
}
