import type {
  Bundle,
  Composition,
  Condition,
  DetectedIssue,
  Encounter,
  Medication,
  MedicationRequest,
  Observation,
  Patient,
  Practitioner,
  Resource,
} from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_ERRORS, ARCHIVE_PATHS, FHIR_PATHS, fhirCodeSystemUrl, type VisitBody } from '@tcm/contract';
import { recordsTable } from '../../db/schema/index.js';
import { bundledIssues, expectValidDocument, fetchBundle } from '../../test/fhir-validator.js';
import { call } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { auditTrail } from '../audit/audit.service.js';
import { doctorWithToken, FIRST_VISIT, newCase, PATIENT } from '../archive/archive.test-helpers.js';
import { newShareToken } from '../records/records.service.js';

/**
 * Issue 37 item 2: a case visit as an R4 document Bundle, under the archive's access rules, with
 * the prescription's 十八反 warning and the doctor's reason in it.
 */
let t: TestApp;
let doctor: Awaited<ReturnType<typeof doctorWithToken>>;
let caseId: string;
let visitId: string;
let bundle: Bundle;

const REASON = '久病顽痰，权衡利弊后慎用';
const VISIT: VisitBody = {
  ...FIRST_VISIT,
  fourDiagnosis: {
    inspection: '面色萎黄，舌淡苔白腻',
    listening: '语声低微',
    inquiry: '纳差便溏',
    palpation: '脉濡缓',
  },
  tcmDisease: '胃脘痛',
  tcmSyndrome: '气虚证',
  western: ['慢性胃炎', '胃食管反流病'],
  prescription: {
    name: '试验方',
    herbs: [
      { name: '甘草', dose: 6 },
      { name: '甘遂', dose: 1 },
      { name: '大枣', dose: 3, unit: '枚' },
      { name: '生姜', dose: 9, preparation: '后下' },
    ],
    doses: 3,
    usage: '水煎服，日一剂，分两次温服',
    acknowledgement: { reason: REASON },
  },
};

const ofType = <T extends Resource>(b: Bundle, type: T['resourceType']): T[] =>
  (b.entry ?? []).map((e) => e.resource).filter((r): r is T => r?.resourceType === type);

beforeAll(async () => {
  t = await createTestApp();
  doctor = await doctorWithToken(t, 'Dr Wang');
  caseId = await newCase(t, doctor.token);
  const [record] = await t.database.db
    .insert(recordsTable)
    .values({
      source: 'doctor',
      status: 'done',
      ownerUserId: doctor.user.id,
      personName: PATIENT.name,
      personSex: 'female',
      vitals: { heightCm: 160, weightKg: 55, systolic: 118, diastolic: 76 },
      conclusion: '脾虚湿困',
      finishedAt: new Date(),
      shareToken: newShareToken(),
    })
    .returning({ id: recordsTable.id });
  const saved = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(caseId), doctor.token, {
    ...VISIT,
    recordIds: [record!.id],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  visitId = saved.body.data.id as string;
  bundle = await fetchBundle(t, FHIR_PATHS.visitBundle(visitId), doctor.token);
}, 120_000);
afterAll(() => t?.close());

describe('a case visit as a FHIR R4 document Bundle', () => {
  it('validates against base R4, the bundle and every resource in it; every reference resolves', () => {
    expectValidDocument(bundle);
    expect(bundle.identifier?.value).toBe(`urn:uuid:${visitId}`);
    // The validator knows these resources: an element R4 lacks is refused.
    const [issue] = ofType<DetectedIssue>(bundle, 'DetectedIssue');
    expect(bundledIssues({ ...issue, acknowledgedBy: 'x' })).not.toEqual([]);
  });

  it('names the patient for the doctor, without the ID number; the visit as an Encounter', () => {
    const [patient] = ofType<Patient>(bundle, 'Patient');
    expect(patient).toMatchObject({
      name: [{ text: PATIENT.name }],
      gender: 'female',
      birthDate: PATIENT.birthDate,
      telecom: [{ system: 'phone', value: PATIENT.phone }],
    });
    expect(JSON.stringify(bundle)).not.toContain(PATIENT.idNumber);
    const [encounter] = ofType<Encounter>(bundle, 'Encounter');
    expect(encounter).toMatchObject({ status: 'finished', period: { start: VISIT.visitDate } });
    expect(encounter?.reasonCode?.[0]?.text).toBe(VISIT.chiefComplaint);
    expect(encounter?.diagnosis).toHaveLength(4);
    const [composition] = ofType<Composition>(bundle, 'Composition');
    expect(composition?.section?.map((s) => s.code?.text)).toEqual([
      'chiefComplaint',
      'presentIllness',
      'pastHistory',
      'fourDiagnosis',
      'linkedRecord',
      'diagnoses',
      'treatmentPrinciple',
      'prescription',
      'advice',
    ]);
  });

  it('codes the syndrome with tcm-pattern, the disease and Western diagnoses as text', () => {
    const conditions = ofType<Condition>(bundle, 'Condition');
    expect(conditions.map((c) => c.code?.text)).toEqual(['胃脘痛', '气虚证', '慢性胃炎', '胃食管反流病']);
    expect(conditions[1]?.code?.coding?.[0]).toMatchObject({
      system: fhirCodeSystemUrl('tcm-pattern'),
      code: 'qi_deficiency',
    });
    expect(conditions[0]?.code?.coding).toBeUndefined();
    for (const c of conditions) expect(c.category?.[0]?.coding?.[0]?.code).toBe('encounter-diagnosis');
  });

  it('carries the four examinations and the linked record findings as Observations', () => {
    const obs = ofType<Observation>(bundle, 'Observation');
    const exams = obs.filter((o) => o.valueString);
    expect(exams.map((o) => o.valueString)).toEqual(Object.values(VISIT.fourDiagnosis!));
    expect(exams[0]?.code.text).toMatch(/望诊/);
    const height = obs.find((o) => o.code.coding?.[0]?.code === '8302-2');
    expect(height?.valueQuantity).toMatchObject({ value: 160, code: 'cm' });
    const pregnancy = obs.find((o) => o.code.coding?.[0]?.code === '82810-3');
    expect(pregnancy?.valueCodeableConcept?.coding?.[0]?.code).toBe('60001007');
  });

  it('prescribes the formula with UCUM doses, carrying the 十八反 warning and the reason', () => {
    const [request] = ofType<MedicationRequest>(bundle, 'MedicationRequest');
    expect(request).toMatchObject({ status: 'active', intent: 'order' });
    expect(request?.dispenseRequest?.quantity).toMatchObject({ value: 3, code: '{dose}' });
    expect(request?.dosageInstruction?.[0]?.text).toBe(VISIT.prescription!.usage);
    expect(request?.dosageInstruction?.[0]?.additionalInstruction?.[0]?.text).toBe('生姜：后下');
    const [medication] = ofType<Medication>(bundle, 'Medication');
    expect(
      medication?.ingredient?.map((i) => [
        i.itemCodeableConcept?.text,
        i.strength?.numerator?.value,
        i.strength?.numerator?.code,
      ]),
    ).toEqual([
      ['甘草', 6, 'g'],
      ['甘遂', 1, 'g'],
      ['大枣', 3, '{piece}'],
      ['生姜', 9, 'g'],
    ]);
    expect(medication?.ingredient?.[0]?.strength?.numerator?.system).toBe('http://unitsofmeasure.org');
    const notes = request?.note?.map((n) => n.text).join('\n') ?? '';
    expect(notes).toContain('十八反');
    expect(notes).toContain(REASON);
    expect(notes).toContain('Dr Wang');

    const issues = ofType<DetectedIssue>(bundle, 'DetectedIssue');
    const pair = issues.find((i) => i.detail?.includes('甘遂'));
    expect(pair).toMatchObject({ status: 'final', severity: 'high' });
    expect(pair?.code?.coding?.[0]?.code).toBe('DRG');
    expect(pair?.detail).toContain('十八反');
    expect(pair?.mitigation?.[0]?.action.text).toBe(REASON);
    expect(pair?.mitigation?.[0]?.action.coding?.[0]?.code).toBe('1');
    const pairUrl = bundle.entry?.find((e) => e.resource === pair)?.fullUrl;
    expect(request?.detectedIssue?.map((r) => r.reference)).toContain(pairUrl);
    const [composition] = ofType<Composition>(bundle, 'Composition');
    const rxText = composition?.section?.find((s) => s.code?.text === 'prescription')?.text?.div ?? '';
    expect(rxText).toContain('十八反');
    expect(rxText).toContain(REASON);
  });

  it('writes an archive.visit.fhir audit row', async () => {
    const rows = await auditTrail(t.database.db, caseId, doctor.user.id);
    expect(rows.filter((r) => r.action === 'archive.visit.fhir').map((r) => r.detail)).toEqual([{ visitId }]);
  });

  it("lets a doctor the case is shared with export it (the archive's read rule), naming the writer as author", async () => {
    const shared = await doctorWithToken(t, 'Dr Shared');
    const g = await call(t.app, 'POST', ARCHIVE_PATHS.addGroup, doctor.token, {
      name: '脾胃病',
      shareWith: [shared.user.loginName],
    });
    await call(t.app, 'POST', ARCHIVE_PATHS.joinGroups, doctor.token, { ids: [caseId], groupId: g.body.data.id });
    const res = await call(t.app, 'GET', FHIR_PATHS.visitBundle(visitId), shared.token);
    expect(res.status).toBe(200);
    const b = res.body as unknown as Bundle;
    expect(ofType<Practitioner>(b, 'Practitioner').map((p) => p.name?.[0]?.text)).toEqual(['Dr Wang']);
    await call(t.app, 'POST', ARCHIVE_PATHS.joinGroups, doctor.token, { ids: [caseId], groupId: null });
    expect((await call(t.app, 'GET', FHIR_PATHS.visitBundle(visitId), shared.token)).status).toBe(403);
  });

  it('refuses anonymous 401, a malformed id 400, another doctor or an unknown visit 403, another entrance 403', async () => {
    const url = FHIR_PATHS.visitBundle(visitId);
    expect((await call(t.app, 'GET', url)).status).toBe(401);
    expect((await call(t.app, 'GET', FHIR_PATHS.visitBundle('not-a-uuid'), doctor.token)).status).toBe(400);
    const other = await doctorWithToken(t, 'Dr Other');
    const foreign = await call(t.app, 'GET', url, other.token);
    expect([foreign.status, foreign.body.code]).toEqual([403, ARCHIVE_ERRORS.CASE_FORBIDDEN.code]);
    expect(JSON.stringify(foreign.body)).not.toContain(PATIENT.name);
    // The archive answers an unknown id like a foreign one, so ids cannot be probed (docs/archive.md).
    const unknown = await call(t.app, 'GET', FHIR_PATHS.visitBundle(crypto.randomUUID()), doctor.token);
    expect([unknown.status, unknown.body.code]).toEqual([403, ARCHIVE_ERRORS.CASE_FORBIDDEN.code]);
    const member = await userWithToken(t, { entrance: 'member' });
    expect((await call(t.app, 'GET', url, member.token)).status).toBe(403);
  });
});
