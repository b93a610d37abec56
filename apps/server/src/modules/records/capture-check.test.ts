import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav16 } from '@tcm/contract/wav';
import { AUTH_ERRORS, FILE_ERRORS, RECORD_ERRORS, RECORD_PATHS, SPEC_ERRORS } from '@tcm/contract';
import { call } from '../../test/http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { dataFile, postFile, userWithToken } from '../../test/records-helpers.js';

// Issue 17: a bad capture was reported only after the last step. The check runs the capture's
// own engine on the uploaded file at its step, with the engine's own code and message.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function upload(token: string, bytes: Uint8Array, filename: string): Promise<string> {
  const res = await postFile(t, bytes, filename, token);
  expect([res.statusCode, res.body]).toEqual([200, expect.anything()]);
  return res.json<{ data: { uuid: string } }>().data.uuid;
}

const check = (token: string | undefined, body: unknown, lang = 'en') =>
  call(t.app, 'POST', RECORD_PATHS.check, token, body, { 'accept-language': lang });

describe('capture check at its step', () => {
  it('401 without a token; 400 for a bad body; another member’s file reads as not found', async () => {
    const me = await userWithToken(t, { entrance: 'member' });
    const other = await userWithToken(t, { entrance: 'member' });
    const id = await upload(me.token, dataFile('pulse/goda-ppg-125hz.csv'), 'goda-ppg-125hz.csv');
    const none = await check(undefined, { slot: 'pulse', fileId: id });
    expect([none.status, none.body.code]).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
    for (const body of [{}, { slot: 'tongue' }, { slot: 'ear', fileId: id }, { slot: 'pulse', fileId: 'x' }]) {
      const bad = await check(me.token, body);
      expect([JSON.stringify(body), bad.status]).toEqual([JSON.stringify(body), 400]);
    }
    const theirs = await check(other.token, { slot: 'pulse', fileId: id });
    expect([theirs.status, theirs.body.code]).toEqual([404, FILE_ERRORS.FILE_NOT_FOUND.code]);
    const wrongKind = await check(me.token, { slot: 'tongue', fileId: id });
    expect([wrongKind.status, wrongKind.body.code]).toEqual([400, RECORD_ERRORS.CAPTURE_WRONG_KIND.code]);
    const sys = await userWithToken(t, { entrance: 'sys' });
    const admin = await check(sys.token, { slot: 'pulse', fileId: id });
    expect([admin.status, admin.body.code]).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
  });

  it('a readable pulse file and a sustained vowel pass with their readings', async () => {
    const me = await userWithToken(t, { entrance: 'member' });
    const pulse = await check(me.token, {
      slot: 'pulse',
      fileId: await upload(me.token, dataFile('pulse/goda-ppg-125hz.csv'), 'goda-ppg-125hz.csv'),
    });
    expect(pulse.status).toBe(200);
    expect(pulse.body.data.outcome).toMatchObject({ engine: 'pulse', status: 'done' });
    expect(pulse.body.data.outcome.result.rateBpm).toBeGreaterThan(30);
    const voice = await check(me.token, {
      slot: 'voice',
      fileId: await upload(me.token, dataFile('voice/sustained-a-118hz.wav'), 'a.wav'),
    });
    expect(voice.body.data.outcome).toMatchObject({ engine: 'voice', status: 'done' });
  });

  it('a face photo given as the tongue, silence given as the voice: failed with the engine’s code and message in the reader’s language', async () => {
    const me = await userWithToken(t, { entrance: 'member' });
    const face = await upload(me.token, dataFile('face/02-woman.jpg'), 'face.jpg');
    const tongue = await check(me.token, { slot: 'tongue', fileId: face }, 'zh');
    expect(tongue.status).toBe(200);
    const out = tongue.body.data.outcome;
    expect([out.engine, out.status]).toEqual(['tongue', 'failed']);
    expect(String(out.error.code)).toMatch(/^31/);
    expect(out.error.msg).toMatch(/[\u4e00-\u9fff]/);

    const silence = encodeWav16([new Float32Array(16000 * 3)], 16000);
    const quiet = await check(me.token, { slot: 'voice', fileId: await upload(me.token, silence, 'quiet.wav') });
    const v = quiet.body.data.outcome;
    expect([v.engine, v.status]).toEqual(['voice', 'failed']);
    expect(String(v.error.code)).toMatch(/^34/);
    expect(v.error.msg).toMatch(/[a-z]/i);
  });
});
