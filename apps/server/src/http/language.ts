import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGE_HEADER } from '@tcm/contract';
import { msgLang } from './envelope.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Interface language of a /portal/ call (spec §7): header, else body/query field, else zh. */
    language: string;
    /** Language of the envelope's msg text. */
    msgLang: 'zh' | 'en';
  }
}

const fieldOf = (v: unknown): string | undefined => {
  if (v && typeof v === 'object' && LANGUAGE_HEADER in v) {
    const f = (v as Record<string, unknown>)[LANGUAGE_HEADER];
    return typeof f === 'string' && f ? f : undefined;
  }
  return undefined;
};

/** Which language a request asks for; on /portal/ paths the body or query field counts too. */
export function explicitLanguage(request: FastifyRequest): string | undefined {
  const header = request.headers[LANGUAGE_HEADER];
  const h = Array.isArray(header) ? header[0] : header;
  if (h) return h.slice(0, 16);
  if (request.url.includes('/portal/')) {
    const f = fieldOf(request.body) ?? fieldOf(request.query);
    if (f) return f.slice(0, 16);
  }
  return undefined;
}

export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.decorateRequest('msgLang', 'zh');
  app.addHook('onRequest', async (request) => {
    const explicit = explicitLanguage(request);
    request.language = explicit ?? DEFAULT_LANGUAGE;
    request.msgLang = msgLang(explicit ?? request.headers['accept-language']);
  });
  // The body is parsed only after onRequest; the field form of the rule is read here.
  app.addHook('preValidation', async (request) => {
    const explicit = explicitLanguage(request);
    if (explicit) {
      request.language = explicit;
      request.msgLang = msgLang(explicit);
    }
  });
}
