import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchFile } from './fetch-file.js';

/** A FHIR export (application/fhir+json) is a file to save; our JSON envelope is a refusal. */
describe('fetchFile', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (body: string, type: string, status = 200) =>
    vi.stubGlobal('fetch', async () => new Response(body, { status, headers: { 'content-type': type } }));

  it('answers a FHIR JSON document as a file', async () => {
    answer('{"resourceType":"Bundle","type":"document"}', 'application/fhir+json; charset=utf-8');
    const blob = await fetchFile('/backend/doctor/archive/visit/fhir/x');
    expect(JSON.parse(await blob.text())).toEqual({ resourceType: 'Bundle', type: 'document' });
  });

  it('throws the envelope message of a refusal, also one answered 200 as JSON', async () => {
    answer('{"code":4101002,"msg":"无权访问该医案"}', 'application/json; charset=utf-8', 403);
    await expect(fetchFile('/x')).rejects.toThrow('无权访问该医案');
    answer('{"code":1,"msg":"出错了"}', 'application/json');
    await expect(fetchFile('/x')).rejects.toThrow('出错了');
  });
});
