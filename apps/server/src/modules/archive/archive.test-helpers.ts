import { ARCHIVE_PATHS, type VisitBody } from '@tcm/contract';
import { call } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import type { TestApp } from '../../test/test-app.js';
import { insertRecord } from '../records/records.repo.js';
import { newShareToken } from '../records/records.service.js';

/** A signed-in doctor holding the seeded doctor role (menus and the archive button codes). */
export const doctorWithToken = (t: TestApp, name = 'Dr Test') =>
  userWithToken(t, { entrance: 'doctor', doctorKind: 'doctor', name, roleCodes: ['doctor'] });

export const PATIENT = {
  name: '张三',
  sex: 'female' as const,
  birthDate: '1980-05-17',
  phone: '13800138000',
  idNumber: '110101198005170023',
};

export const FIRST_VISIT: VisitBody = {
  visitDate: '2026-11-20',
  chiefComplaint: '胃脘胀痛三月',
  presentIllness: '三月前饮食不节后胃脘胀痛，嗳气',
  pastHistory: '无',
  fourDiagnosis: { inspection: '舌淡红苔薄白', listening: '', inquiry: '纳差', palpation: '脉弦' },
  tcmDisease: '胃脘痛',
  tcmSyndrome: '肝胃不和证',
  western: ['慢性胃炎'],
  treatmentPrinciple: '疏肝和胃',
  prescription: {
    name: '柴胡疏肝散',
    herbs: [
      { name: '柴胡', dose: 6 },
      { name: '陈皮', dose: 6 },
      { name: '白芍', dose: 9 },
      { name: '甘草', dose: 3 },
    ],
    doses: 7,
    usage: '水煎服，日一剂',
  },
  advice: '饮食有节',
  outcome: '',
};

/** Creates a case for the doctor; answers its id. */
export async function newCase(t: TestApp, token: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await call(t.app, 'POST', ARCHIVE_PATHS.add, token, { ...PATIENT, ...extra });
  if (r.status !== 200) throw new Error(`add case: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.id as string;
}

/** A doctor (signed in) with a case that has one visit, FIRST_VISIT. */
export async function doctorWithVisit(t: TestApp, name = 'Dr A') {
  const d = await doctorWithToken(t, name);
  const caseId = await newCase(t, d.token);
  const v = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(caseId), d.token, FIRST_VISIT);
  if (v.status !== 200) throw new Error(`add visit: ${v.status} ${JSON.stringify(v.body)}`);
  return { ...d, caseId, visitId: v.body.data.id as string };
}

/** A finished platform record made by `ownerUserId` (as the doctor's capture would be). */
export async function platformRecord(t: TestApp, ownerUserId: string, conclusion = '肝郁脾虚') {
  return insertRecord(t.database.db, {
    source: 'doctor',
    status: 'done',
    ownerUserId,
    personName: PATIENT.name,
    personSex: 'female',
    shareToken: newShareToken(),
    conclusion,
  });
}
