import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SITE_LANG_PARAM, type SiteLang } from '@tcm/contract';
import { isPdfViewerPage, withBlobFrames } from './pdf-viewer-csp.js';

/** The fixed web client (spec §7) the server checks on sign-in, refresh and captcha calls. */
export interface WebClient {
  id: string;
  secret: string;
}

/**
 * What the public site adds to the served app (modules/site `siteRendering`, wired by app.ts):
 * a page's head and first HTML, and the crawler files. Declared here, by the transport that calls
 * it, so this file imports no feature module.
 */
export interface SiteRendering {
  /** Folders of the build that are the site's own (its prerender module): never served as files. */
  privateDirs: readonly string[];
  /** The page at `path` in `lang`, built on the app's index.html. */
  page(path: string, lang: SiteLang, baseUrl: string, log: FastifyBaseLogger): Promise<string>;
  sitemapXml(baseUrl: string): Promise<string>;
  robotsTxt(origin: string): string;
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

/**
 * The page compressed for the browser's `accept-encoding` (brotli, else gzip), or null for a
 * browser that takes neither. Per request, because the head and first HTML are; brotli at a low
 * quality costs well under a millisecond for a page this size.
 */
export function compressPage(
  html: string,
  accept: string | string[] | undefined,
): { encoding: string; body: Buffer } | null {
  const header = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  // `name` or `name;q=0.5`; a q of 0 refuses it.
  const offered = new Set(
    header
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*q=/),
      )
      .filter(([, q]) => q === undefined || Number(q) > 0)
      .map(([name]) => name),
  );
  const takes = (name: string) => offered.has(name);
  if (takes('br'))
    return { encoding: 'br', body: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  if (takes('gzip')) return { encoding: 'gzip', body: gzipSync(html, { level: 6 }) };
  return null;
}

/** Language of a served page: `?hl=`, else the interface's language cookie, else Chinese (spec §1). */
function pageLanguage(request: FastifyRequest): SiteLang {
  const hl = (request.query as Record<string, unknown>)[SITE_LANG_PARAM];
  if (hl === 'en' || hl === 'zh') return hl;
  return request.cookies?.language === 'en' ? 'en' : 'zh';
}

/**
 * Built files carry a content hash in their name (the on-device tongue runtime and models too):
 * a browser may keep them for a year.
 */
const HASHED_ASSET =
  /[/\\]assets[/\\][^/\\]+-[A-Za-z0-9_-]{8}\.(?:js|css|woff2?|svg|png|jpe?g|webp|wasm|onnx)(?:\.br|\.gz)?$/;

/**
 * Serves the built web app under /pc/ with the SPA fallback to index.html (history router),
 * compressed, with the client meta and the PDF viewer's CSP. Where `site` is given (app.ts: the
 * public site, modules/site), each page is the site's (its head, its first HTML) and
 * `/sitemap.xml` and `/robots.txt` describe the public site (issue 22 item 7).
 */
export async function registerWeb(
  app: FastifyInstance,
  dist: string,
  client: WebClient,
  opts: {
    publicWebUrl?: string;
    site?: (root: string, page: string, log: FastifyBaseLogger) => Promise<SiteRendering>;
  } = {},
): Promise<boolean> {
  const root = resolve(dist);
  const indexFile = resolve(root, 'index.html');
  if (!dist || !existsSync(indexFile)) return false;
  const page = withClientMeta(readFileSync(indexFile, 'utf8'), client);
  const site = opts.site ? await opts.site(root, page, app.log) : null;
  const privateDirs = (site?.privateDirs ?? []).map((d) => resolve(root, d));
  /** The web app's absolute address (with /pc): the configured one, else this request's host. */
  const baseOf = (request: FastifyRequest) => opts.publicWebUrl ?? `${request.protocol}://${request.host}/pc`;
  // The page is answered from memory, never cached, so a changed client takes effect on reload;
  // compressed when the browser takes it (a prerendered page with its CSS inline is about 10 KB).
  const sendPage = (reply: FastifyReply, html = page) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const packed = compressPage(html, reply.request.headers['accept-encoding']);
    return packed ? reply.header('content-encoding', packed.encoding).send(packed.body) : reply.send(html);
  };
  await app.register(fastifyStatic, {
    root,
    prefix: '/pc/',
    wildcard: false,
    index: false,
    globIgnore: ['index.html', '**/*.gz', '**/*.br', ...(site?.privateDirs ?? []).map((d) => `${d}/**`)],
    // The build writes .br and .gz beside each text asset (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    // Our own cache-control: a year for hashed build files, revalidation for the rest (favicon).
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  if (site) {
    app.get('/sitemap.xml', async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(await site.sitemapXml(baseOf(request))),
    );
    app.get('/robots.txt', (request, reply) =>
      reply.type('text/plain; charset=utf-8').send(site.robotsTxt(new URL(baseOf(request)).origin)),
    );
  }
  app.get('/pc', (_req, reply) => reply.redirect('/pc/'));
  app.get('/', (_req, reply) => reply.redirect('/pc/'));
  app.get('/pc/*', (request, reply) => {
    // A file that exists is served by the static plugin's own routes; any other path is a client route.
    const rel = (request.params as { '*': string })['*'];
    const file = resolve(root, rel);
    const served = file !== indexFile && file.startsWith(root) && !privateDirs.some((d) => file.startsWith(d));
    if (rel && served && existsSync(file) && !file.endsWith('/')) return reply.sendFile(rel);
    const path = `/${rel}`.replace(/\/+$/, '') || '/';
    const csp = reply.getHeader('content-security-policy');
    if (isPdfViewerPage(path) && typeof csp === 'string') reply.header('content-security-policy', withBlobFrames(csp));
    if (!site) return sendPage(reply);
    return site.page(path, pageLanguage(request), baseOf(request), request.log).then((html) => sendPage(reply, html));
  });
  return true;
}
