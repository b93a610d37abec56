import type {
  Bundle,
  Composition,
  DiagnosticReport,
  Observation,
  Patient,
  QuestionnaireResponse,
  Resource,
} from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { questionsFor } from '@tcm/contract/questionnaire';
import { FHIR_PATHS, fhirCodeSystemUrl, RECORD_ERRORS, RECORD_PATHS, type RecordResults } from '@tcm/contract';
import { recordsTable, storedFiles } from '../../db/schema/index.js';
import { buildTeam } from '../../test/factories.js';
import { expectValidDocument, fetchBundle } from '../../test/fhir-validator.js';
import { call } from '../../test/http.js';
import { realResults } from '../../test/real-results.js';
import { userWithToken } from '../../test/records-helpers.js';
import { newShareToken } from '../records/records.service.js';
import { constitutionQuestionnaire } from './questionnaire.js';
import { CONSTITUTION_QUESTIONNAIRE } from './record-bundle.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();
let recordId: string;
let member: Awaited<ReturnType<typeof userWithToken>>;
let leader: Awaited<ReturnType<typeof userWithToken>>;
let stranger: Awaited<ReturnType<typeof userWithToken>>;
let bundle: Bundle;

const ofType = <T extends Resource>(b: Bundle, type: T['resourceType']): T[] =>
  (b.entry ?? []).map((e) => e.resource).filter((r): r is T => r?.resourceType === type);

beforeAll(async () => {
  const results: RecordResults = (await realResults()).results;
  const team = await buildTeam(t.database.db);
  const other = await buildTeam(t.database.db);
  member = await userWithToken(t, { entrance: 'member', teamId: team.id });
  leader = await userWithToken(t, { entrance: 'member', teamId: team.id, teamLeader: true });
  stranger = await userWithToken(t, { entrance: 'member', teamId: other.id, teamLeader: true });
  const [photo] = await t.database.db
    .insert(storedFiles)
    .values({
      name: 'tongue.jpg',
      kind: 'image',
      mime: 'image/jpeg',
      size: 1000,
      width: 640,
      height: 480,
      sha256: '0'.repeat(64),
      storageKey: `test/${crypto.randomUUID()}`,
      ownerUserId: member.user.id,
    })
    .returning();
  const [row] = await t.database.db
    .insert(recordsTable)
    .values({
      source: 'member',
      ownerUserId: member.user.id,
      subjectUserId: member.user.id,
      teamId: team.id,
      files: { tongue: photo!.id },
      vitals: { heightCm: 163, weightKg: 67.5, systolic: 132, diastolic: 84 },
      inquiry: { answers: Object.fromEntries(questionsFor('female').map((q, i) => [q.id, 1 + (i % 5)])) },
      status: 'done',
      personName: 'Li Hua',
      personSex: 'female',
      personAge: 41,
      personPhone: '13900000001',
      results,
      conclusion: '气虚证',
      finishedAt: new Date(),
      shareToken: newShareToken(),
    })
    .returning({ id: recordsTable.id });
  recordId = row!.id;
  bundle = await fetchBundle(t, FHIR_PATHS.recordBundle(recordId), member.token);
}, 180_000);

describe('a record as a FHIR R4 document Bundle', () => {
  it('validates against base R4, the bundle and every resource in it', () => {
    expectValidDocument(bundle);
  });

  it('codes vitals with LOINC and UCUM, findings with our code systems and their method', () => {
    const obs = ofType<Observation>(bundle, 'Observation');
    const height = obs.find((o) => o.code.coding?.[0]?.code === '8302-2');
    expect(height?.valueQuantity).toEqual({ value: 163, unit: 'cm', system: 'http://unitsofmeasure.org', code: 'cm' });
    const bp = obs.find((o) => o.code.coding?.[0]?.code === '85354-9');
    expect(
      bp?.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.value, c.valueQuantity?.code]),
    ).toEqual([
      ['8480-6', 132, 'mm[Hg]'],
      ['8462-4', 84, 'mm[Hg]'],
    ]);
    expect(bp?.interpretation?.[0]?.coding?.[0]?.system).toContain('v3-ObservationInterpretation');
    const tongue = obs.filter((o) => o.code.coding?.[0]?.system === fhirCodeSystemUrl('tcm-tongue'));
    expect(tongue).toHaveLength(10);
    expect(tongue[0]?.valueCodeableConcept?.coding?.[0]?.code).toMatch(/^bodyColor\./);
    expect(tongue[0]?.method?.text).toMatch(/tongue/i);
    for (const system of ['tcm-face', 'tcm-pulse', 'tcm-voice'] as const)
      expect(
        obs.some((o) => o.valueCodeableConcept?.coding?.[0]?.system === fhirCodeSystemUrl(system)),
        system,
      ).toBe(true);
    expect(obs.filter((o) => o.code.coding?.[0]?.system === fhirCodeSystemUrl('tcm-constitution'))).toHaveLength(9);
  });

  it('reports the conclusion with coded patterns, the PDF, the answers and the photo', () => {
    const [report] = ofType<DiagnosticReport>(bundle, 'DiagnosticReport');
    expect(report?.conclusion).toContain('气虚证');
    expect(report?.conclusion).toMatch(/do not diagnose/);
    expect(report?.conclusionCode?.[0]?.coding?.[0]?.system).toBe(fhirCodeSystemUrl('tcm-pattern'));
    expect(report?.presentedForm?.[0]?.url).toMatch(new RegExp(`${RECORD_PATHS.report(recordId)}$`));
    const [answers] = ofType<QuestionnaireResponse>(bundle, 'QuestionnaireResponse');
    expect(answers?.questionnaire).toBe(CONSTITUTION_QUESTIONNAIRE);
    const items = new Set(constitutionQuestionnaire().item?.map((i) => i.linkId));
    expect(answers?.item?.length).toBe(questionsFor('female').length);
    for (const i of answers?.item ?? []) expect(items.has(i.linkId), i.linkId).toBe(true);
    const [media] = ofType<Resource & { content: { url?: string } }>(bundle, 'Media');
    expect(media?.content.url).toMatch(/^http:\/\/.+\/backend\/file\/.+\?/);
    const [composition] = ofType<Composition>(bundle, 'Composition');
    expect(composition?.section?.map((s) => s.code?.text)).toEqual(
      expect.arrayContaining(['vitals', 'tongue', 'face', 'pulse', 'voice', 'constitution', 'synthesis', 'notes']),
    );
  });

  it('names the person for its owner, a pseudonym alone for the team leader', async () => {
    const [own] = ofType<Patient>(bundle, 'Patient');
    expect(own).toMatchObject({ gender: 'female', name: [{ text: 'Li Hua' }] });
    const res = await call(t.app, 'GET', FHIR_PATHS.recordBundle(recordId), leader.token);
    expect(res.status).toBe(200);
    const [pseudo] = ofType<Patient>(res.body as unknown as Bundle, 'Patient');
    expect(pseudo?.name).toBeUndefined();
    expect(pseudo?.telecom).toBeUndefined();
    expect(pseudo?.identifier).toEqual(own?.identifier);
    expect(JSON.stringify(res.body)).not.toContain('13900000001');
  });

  it('refuses an anonymous caller 401, another team 403, a wrong entrance 403, a malformed id 400', async () => {
    const url = FHIR_PATHS.recordBundle(recordId);
    expect((await call(t.app, 'GET', url)).status).toBe(401);
    const other = await call(t.app, 'GET', url, stranger.token);
    expect([other.status, other.body.code]).toEqual([403, RECORD_ERRORS.RECORD_FORBIDDEN.code]);
    const sys = await userWithToken(t, { roleCodes: ['admin'] });
    expect((await call(t.app, 'GET', url, sys.token)).status).toBe(403);
    expect((await call(t.app, 'GET', FHIR_PATHS.recordBundle('not-a-uuid'), member.token)).status).toBe(400);
  });
});
