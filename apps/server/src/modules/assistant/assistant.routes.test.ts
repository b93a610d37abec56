import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_ERRORS, ASSISTANT_PATHS, AUTH_ERRORS, AUTH_PATHS, HTTP_ERRORS, SPEC_ERRORS } from '@tcm/contract';
import { buildUser } from '../../test/factories.js';
import { call, signIn } from '../../test/http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const JSON_H = { 'content-type': 'application/json' };

/**
 * A local stand-in for an OpenAI-compatible endpoint: it speaks the chat-completions protocol,
 * keeps what it was sent, and answers as `mode` says (a reply, an error status, or silence).
 */
function standIn() {
  const seen: Array<{
    auth: string | undefined;
    body: { model: string; messages: Array<{ role: string; content: string }> };
  }> = [];
  let mode: 'ok' | 'fail' | 'hang' = 'ok';
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') return void res.writeHead(404).end();
      seen.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      if (mode === 'hang') return; // never answers: the client's timeout must fire
      if (mode === 'fail') return void res.writeHead(503, JSON_H).end('{"error":{"message":"overloaded"}}');
      res.writeHead(200, JSON_H).end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: '齿痕多见于脾虚湿困、气虚 [1]。' },
              finish_reason: 'stop',
            },
          ],
        }),
      );
    });
  });
  return {
    seen,
    set: (m: typeof mode) => (mode = m),
    start: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`)),
      ),
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

async function doctorToken(t: TestApp): Promise<string> {
  const d = await buildUser(t.database.db, { entrance: 'doctor', roleCodes: ['doctor'] });
  return (await signIn(t, d.loginName, d.password, AUTH_PATHS.entranceSignin('doctor'))).access_token;
}

const ask = (t: TestApp, token: string | undefined, body: unknown, language = 'zh') =>
  call(t.app, 'POST', ASSISTANT_PATHS.ask, token, JSON.stringify(body), { ...JSON_H, language });

describe('assistant without a model endpoint', () => {
  let t: TestApp;
  let doctor: string;
  beforeAll(async () => {
    t = await createTestApp({ ASSISTANT_PER_HOUR: '3' });
    doctor = await doctorToken(t);
  });
  afterAll(() => t.close());

  it('401 without a token (before the body is read); 403 for member and back-office accounts', async () => {
    const anon = await call(t.app, 'POST', ASSISTANT_PATHS.ask, undefined, '{bad json', JSON_H);
    expect([anon.status, anon.body.code]).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
    for (const entrance of ['member', 'sys'] as const) {
      const u = await buildUser(t.database.db, { entrance });
      const path = entrance === 'sys' ? AUTH_PATHS.pwdSignin : AUTH_PATHS.entranceSignin(entrance);
      const token = (await signIn(t, u.loginName, u.password, path)).access_token;
      const res = await ask(t, token, { question: '齿痕舌' });
      expect([res.status, res.body.code], entrance).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
    }
  });

  it('400 for a missing, too short or too long question', async () => {
    for (const body of [{}, { question: ' ' }, { question: 'x'.repeat(501) }, { question: 42 }]) {
      const res = await ask(t, doctor, body);
      expect([res.status, res.body.code], JSON.stringify(body).slice(0, 40)).toEqual([
        400,
        HTTP_ERRORS.VALIDATION.code,
      ]);
    }
  });

  it('answers from the knowledge base with its sources, in the reader language', async () => {
    const zh = await ask(t, doctor, { question: '齿痕舌 说明什么' });
    expect(zh.status).toBe(200);
    expect(zh.body.data).toMatchObject({ mode: 'retrieval', note: null });
    expect(zh.body.data.sources[0]).toMatchObject({ ref: 1, id: 'sign:tongue.toothMarks', title: '齿痕' });
    expect(zh.body.data.answer).toContain('[1] 齿痕');
    expect(zh.body.data.answer).toContain('仅供医师辅助决策参考');
    const en = await ask(t, doctor, { question: 'tooth marks on the tongue' }, 'en');
    expect(en.body.data.sources[0].title).toBe('Tooth marks');
    expect(en.body.data.answer).toContain('decision support');
  });

  it('limits questions per account and hour (429 with the wait), other accounts unaffected', async () => {
    const mine = await doctorToken(t);
    for (let i = 0; i < 3; i++) expect((await ask(t, mine, { question: '黄芪' })).status).toBe(200);
    const over = await ask(t, mine, { question: '黄芪' }, 'en');
    expect([over.status, over.body.code, over.body.msg]).toEqual([
      429,
      ASSISTANT_ERRORS.RATE_LIMITED.code,
      ASSISTANT_ERRORS.RATE_LIMITED.en,
    ]);
    expect(over.body.data.retryAfterS).toBeGreaterThan(0);
    expect((await ask(t, await doctorToken(t), { question: '黄芪' })).status).toBe(200);
  });
});

describe('assistant with an OpenAI-compatible endpoint (local stand-in server)', () => {
  const model = standIn();
  let t: TestApp;
  let doctor: string;
  beforeAll(async () => {
    const url = await model.start();
    t = await createTestApp({
      ASSISTANT_API_URL: url,
      ASSISTANT_API_KEY: 'sk-local-test',
      ASSISTANT_MODEL: 'local-model',
      ASSISTANT_TIMEOUT_MS: '1500',
    });
    doctor = await doctorToken(t);
  });
  afterAll(async () => {
    await t.close();
    await model.stop();
  });

  it('phrases the answer from the retrieved passages only, keeping the sources', async () => {
    model.set('ok');
    const res = await ask(t, doctor, { question: '齿痕舌 说明什么' });
    expect(res.body.data).toMatchObject({ mode: 'model', note: null });
    expect(res.body.data.answer).toContain('齿痕多见于脾虚湿困、气虚 [1]。');
    expect(res.body.data.sources[0].id).toBe('sign:tongue.toothMarks');
    const sent = model.seen.at(-1)!;
    expect(sent.auth).toBe('Bearer sk-local-test');
    expect(sent.body.model).toBe('local-model');
    expect(sent.body.messages[1]!.content).toContain('[1] 齿痕');
    expect(sent.body.messages[1]!.content).toContain('齿痕舌 说明什么');
  });

  it('falls back to the retrieval answer with a note when the endpoint fails or times out', async () => {
    for (const mode of ['fail', 'hang'] as const) {
      model.set(mode);
      const res = await ask(t, doctor, { question: '齿痕舌 说明什么' }, 'en');
      expect(res.status, mode).toBe(200);
      expect(res.body.data.mode, mode).toBe('retrieval');
      expect(res.body.data.note, mode).toContain('could not be reached');
      expect(res.body.data.sources[0].id).toBe('sign:tongue.toothMarks');
    }
  });

  it('does not call the endpoint when nothing was retrieved', async () => {
    model.set('ok');
    const before = model.seen.length;
    const res = await ask(t, doctor, { question: 'quarterly revenue forecast spreadsheet' }, 'en');
    expect(res.body.data).toMatchObject({ mode: 'retrieval', sources: [] });
    expect(model.seen.length).toBe(before);
  });
});
