import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Serves the built web app under /pc/ with the SPA fallback to index.html (history router). */
export async function registerWeb(app: FastifyInstance, dist: string): Promise<boolean> {
  const root = resolve(dist);
  if (!dist || !existsSync(resolve(root, 'index.html'))) return false;
  await app.register(fastifyStatic, { root, prefix: '/pc/', wildcard: false, index: 'index.html' });
  app.get('/pc', (_req, reply) => reply.redirect('/pc/'));
  app.get('/', (_req, reply) => reply.redirect('/pc/'));
  app.get('/pc/*', (request, reply) => {
    // A file that exists is served by the static plugin's own routes; any other path is a client route.
    const rel = (request.params as { '*': string })['*'];
    const file = resolve(root, rel);
    if (rel && file.startsWith(root) && existsSync(file) && !file.endsWith('/')) return reply.sendFile(rel);
    return reply.type('text/html').sendFile('index.html');
  });
  return true;
}
