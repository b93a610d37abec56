import { describe, expect, it } from 'vitest';
import { questionsFor } from '@tcm/contract/questionnaire';
import {
  CONSTITUTION_QUESTIONNAIRE_ID,
  CONSTITUTION_TYPES,
  FHIR_CODE_SYSTEM_IDS,
  FHIR_ERRORS,
  FHIR_PATHS,
  fhirCodeSystemUrl,
  fhirQuestionnaireUrl,
  PULSE_CLASS_CODES,
  SYNTHESIS_PATTERN_IDS,
  VOCABULARY,
  VOICE_READING_CODES,
  type FhirCodeSystem,
} from '@tcm/contract';
import { fhirIssues } from '../../test/fhir-validator.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();

type Concept = FhirCodeSystem['concept'][number];
const codes = (concepts: Concept[]): string[] => concepts.flatMap((c) => [c.code, ...codes(c.concept ?? [])]);
const get = async (id: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: FHIR_PATHS.codeSystem(id), headers });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.json<FhirCodeSystem>() };
};

describe('FHIR code systems', () => {
  it('lists every code system as a searchset Bundle that validates against base R4', async () => {
    const res = await t.app.inject({ method: 'GET', url: FHIR_PATHS.codeSystems });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/fhir+json');
    const bundle = res.json<{ resourceType: string; entry: Array<{ fullUrl: string; resource: FhirCodeSystem }> }>();
    expect(fhirIssues(bundle)).toEqual([]);
    expect(bundle.entry.map((e) => e.resource.id)).toEqual([...FHIR_CODE_SYSTEM_IDS]);
    expect(bundle.entry[0]?.fullUrl).toMatch(/^http:\/\/[^/]+\/backend\/fhir\/CodeSystem\/tcm-tongue$/);
  });

  it.each(FHIR_CODE_SYSTEM_IDS)(
    '%s is a valid R4 CodeSystem at its canonical URL, every code worded zh and en',
    async (id) => {
      const { status, type, body } = await get(id);
      expect(status).toBe(200);
      expect(type).toContain('application/fhir+json');
      expect(fhirIssues(body)).toEqual([]);
      expect(body).toMatchObject({ resourceType: 'CodeSystem', id, url: fhirCodeSystemUrl(id), content: 'complete' });
      const all = codes(body.concept);
      expect(body.count).toBe(all.length);
      expect(new Set(all).size).toBe(all.length);
      const walk = (cs: Concept[]): Concept[] => cs.flatMap((c) => [c, ...walk(c.concept ?? [])]);
      for (const c of walk(body.concept)) {
        expect(c.display, c.code).toMatch(/\p{Script=Han}/u);
        expect(c.designation).toEqual([{ language: 'en', value: expect.stringMatching(/[A-Za-z]/) }]);
      }
    },
  );

  it("codes are the ids the engines write, with the vocabulary's words", async () => {
    const tongue = (await get('tcm-tongue')).body;
    const purple = tongue.concept
      .find((c) => c.code === 'bodyColor')
      ?.concept?.find((c) => c.code === 'bodyColor.purple');
    expect(purple).toMatchObject({
      display: VOCABULARY['tongue.bodyColor.purple']?.zh,
      designation: [{ value: 'Blue-purple' }],
    });
    expect(codes((await get('tcm-face')).body.concept)).toContain('complexion.blue_green');
    expect(codes((await get('tcm-pulse')).body.concept)).toEqual([...PULSE_CLASS_CODES]);
    expect(codes((await get('tcm-voice')).body.concept)).toEqual([...VOICE_READING_CODES]);
    expect(codes((await get('tcm-pattern')).body.concept)).toEqual([...SYNTHESIS_PATTERN_IDS]);
    const constitution = (await get('tcm-constitution')).body;
    expect(codes(constitution.concept)).toEqual([...CONSTITUTION_TYPES]);
    expect(constitution.concept.map((c) => c.property?.[0]?.valueCode).join('')).toBe('ABCDEFGHI');
    expect(constitution.concept[4]?.display).toBe('痰湿质');
  });

  it('the validator finds a broken resource (the checks above can fail)', async () => {
    const { body } = await get('tcm-pulse');
    const broken = { ...body, concept: [{ display: 'no code' }], count: 'one' };
    expect(fhirIssues(broken).join('\n')).toMatch(/code|count/);
  });

  it('publishes the constitution questionnaire the answers respond to, valid R4', async () => {
    const res = await t.app.inject({ method: 'GET', url: FHIR_PATHS.questionnaire(CONSTITUTION_QUESTIONNAIRE_ID) });
    expect(res.statusCode).toBe(200);
    const q = res.json<{ url: string; item: Array<{ linkId: string; text: string }> }>();
    expect(fhirIssues(q)).toEqual([]);
    expect(q.url).toBe(fhirQuestionnaireUrl(CONSTITUTION_QUESTIONNAIRE_ID));
    // Every question either sex is asked, once, by the id its answer is stored under.
    const asked = new Set([...questionsFor('female'), ...questionsFor('male')].map((x) => x.id));
    expect(new Set(q.item.map((i) => i.linkId))).toEqual(asked);
    expect(q.item).toHaveLength(asked.size);
    const missing = await t.app.inject({ method: 'GET', url: FHIR_PATHS.questionnaire('other') });
    expect([missing.statusCode, missing.json<{ code: number }>().code]).toEqual([
      404,
      FHIR_ERRORS.QUESTIONNAIRE_NOT_FOUND.code,
    ]);
  });

  it('answers an unknown code system 404 and a malformed id 400, in the reader’s language', async () => {
    const missing = await t.app.inject({ method: 'GET', url: FHIR_PATHS.codeSystem('tcm-nothing') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: FHIR_ERRORS.CODE_SYSTEM_NOT_FOUND.code, msg: '没有这个代码系统' });
    const bad = await t.app.inject({
      method: 'GET',
      url: FHIR_PATHS.codeSystem('bad%20id!'),
      headers: { language: 'en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: FHIR_ERRORS.INVALID_ID.code, msg: FHIR_ERRORS.INVALID_ID.en });
  });
});
