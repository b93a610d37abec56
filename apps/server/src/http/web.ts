import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/** The fixed web client (spec §7) the server checks on sign-in, refresh and captcha calls. */
export interface WebClient {
  id: string;
  secret: string;
}

/** Name of the meta tag that carries the client's Basic credential in index.html. */
export const CLIENT_META = 'tcm-client';

/**
 * index.html with the server's configured client in a meta tag (`base64(CLIENT_ID:CLIENT_SECRET)`,
 * the Basic credential), so the web app signs in with the client the server checks: CLIENT_ID and
 * CLIENT_SECRET are set in one place, the server's environment (issue 18 item 5). A meta tag, not
 * an inline script, because the CSP allows no inline scripts. The credential of a browser client
 * is public by nature (it sat in the bundle before); it identifies the app, not a person.
 */
export function withClientMeta(html: string, client: WebClient): string {
  const meta = `<meta name="${CLIENT_META}" content="${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}" />`;
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, `  ${meta}\n  </head>`);
  // A page without a head element: the parser puts a leading meta into the implied head.
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)?.[0] ?? '';
  return `${doctype}${meta}${html.slice(doctype.length)}`;
}

/** Serves the built web app under /pc/ with the SPA fallback to index.html (history router). */
export async function registerWeb(app: FastifyInstance, dist: string, client: WebClient): Promise<boolean> {
  const root = resolve(dist);
  const indexFile = resolve(root, 'index.html');
  if (!dist || !existsSync(indexFile)) return false;
  const page = withClientMeta(readFileSync(indexFile, 'utf8'), client);
  // The page is answered from memory, never cached, so a changed client takes effect on reload.
  const sendPage = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  await app.register(fastifyStatic, {
    root,
    prefix: '/pc/',
    wildcard: false,
    index: false,
    globIgnore: ['index.html'],
  });
  app.get('/pc', (_req, reply) => reply.redirect('/pc/'));
  app.get('/', (_req, reply) => reply.redirect('/pc/'));
  app.get('/pc/*', (request, reply) => {
    // A file that exists is served by the static plugin's own routes; any other path is a client route.
    const rel = (request.params as { '*': string })['*'];
    const file = resolve(root, rel);
    if (rel && file !== indexFile && file.startsWith(root) && existsSync(file) && !file.endsWith('/'))
      return reply.sendFile(rel);
    return sendPage(reply);
  });
  return true;
}
