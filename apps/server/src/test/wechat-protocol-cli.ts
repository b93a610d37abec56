import { WechatProtocolServer } from './wechat-protocol-server.js';

/**
 * The local WeChat OAuth protocol server as a process, for the browser journeys (scripts/e2e.sh):
 * `tsx wechat-protocol-cli.ts PORT APP_ID APP_SECRET [SERVER_TOKEN]`; journeys get codes from
 * POST /__test/code and push a signed QR scan to the app with POST /__test/scan.
 */
const [port, appId, appSecret, serverToken] = process.argv.slice(2);
if (!port || !appId || !appSecret) {
  console.error('usage: wechat-protocol-cli.ts PORT APP_ID APP_SECRET');
  process.exit(2);
}
const server = new WechatProtocolServer(appId, appSecret, serverToken);
const base = await server.start(Number(port), { control: true });
console.log(`[wechat] protocol server on ${base}`);
const stop = () => void server.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
