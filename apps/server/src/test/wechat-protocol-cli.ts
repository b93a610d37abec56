import { WechatProtocolServer } from './wechat-protocol-server.js';

/**
 * The local WeChat OAuth protocol server as a process, for the browser journeys (scripts/e2e.sh):
 * `tsx wechat-protocol-cli.ts PORT APP_ID APP_SECRET`; journeys get codes from POST /__test/code.
 */
const [port, appId, appSecret] = process.argv.slice(2);
if (!port || !appId || !appSecret) {
  console.error('usage: wechat-protocol-cli.ts PORT APP_ID APP_SECRET');
  process.exit(2);
}
const server = new WechatProtocolServer(appId, appSecret);
const base = await server.start(Number(port), { control: true });
console.log(`[wechat] protocol server on ${base}`);
const stop = () => void server.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
