import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError, RESEARCH_ERRORS, VOICE_ERRORS } from '@tcm/contract';
import { badParameter } from '@tcm/research';
import { registerErrorHandler } from './error-handler.js';
import { registerLanguage } from './language.js';

/**
 * Issue 38 item 4: an EngineError a route lets through is answered by the error handler alone,
 * as its catalog entry (code, HTTP status) with its own text in the reader's language.
 */
describe('the error handler answers EngineError', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerLanguage(app);
    registerErrorHandler(app);
    app.get('/refused', async () => {
      throw badParameter('k', 'must be at least 2', '至少为 2');
    });
    app.get('/catalog', async () => {
      throw new EngineError(VOICE_ERRORS.VOICE_UNREADABLE, { bytes: 3 }, 'en', undefined, 'not-wav');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = async (url: string, lang: string) => {
    const r = await app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
    return { status: r.statusCode, body: r.json<{ code: number; msg: string; data: Record<string, unknown> }>() };
  };

  it("a research refusal: 4102008 with the refusal's own text, zh and en", async () => {
    const zh = await get('/refused', 'zh-CN');
    expect(zh.status).toBe(RESEARCH_ERRORS.ANALYSIS_REFUSED.status);
    expect(zh.body).toMatchObject({ code: 4102008, msg: '参数 k：至少为 2' });
    expect(zh.body.data).toMatchObject({ parameter: 'k', reason: 'bad_parameter' });
    const en = await get('/refused', 'en');
    expect(en.body).toMatchObject({ code: 4102008, msg: 'Parameter k: must be at least 2' });
  });

  it("an engine's catalog error without texts: the catalog's words in the reader's language", async () => {
    const zh = await get('/catalog', 'zh');
    expect(zh.status).toBe(VOICE_ERRORS.VOICE_UNREADABLE.status);
    expect(zh.body).toMatchObject({ code: VOICE_ERRORS.VOICE_UNREADABLE.code, msg: VOICE_ERRORS.VOICE_UNREADABLE.zh });
    expect(zh.body.data).toMatchObject({ bytes: 3, reason: 'not-wav' });
    const en = await get('/catalog', 'en');
    expect(en.body.msg).toBe(VOICE_ERRORS.VOICE_UNREADABLE.en);
  });
});
