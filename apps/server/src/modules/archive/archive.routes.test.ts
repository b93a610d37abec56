import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_ERRORS, ARCHIVE_PATHS, AUTH_ERRORS, SPEC_ERRORS } from '@tcm/contract';
import { archiveCases } from '../../db/schema/index.js';
import { call, refusedFields } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import { auditTrail } from '../audit/audit.service.js';
import {
  doctorWithToken,
  doctorWithVisit,
  FIRST_VISIT,
  newCase,
  PATIENT,
  platformRecord,
} from './archive.test-helpers.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();

type Method = 'GET' | 'POST';
const ID = randomUUID();
/** Every archive route with a body that passes validation (ids filled in per test). */
const routes = (caseId: string, visitId: string): Array<[Method, string, unknown?]> => [
  ['POST', ARCHIVE_PATHS.list, {}],
  ['POST', ARCHIVE_PATHS.add, PATIENT],
  ['GET', ARCHIVE_PATHS.detail(caseId)],
  ['POST', ARCHIVE_PATHS.update(caseId), { phone: '13900000000' }],
  ['POST', ARCHIVE_PATHS.remove, { ids: [caseId] }],
  ['POST', ARCHIVE_PATHS.restore, { ids: [caseId] }],
  ['POST', ARCHIVE_PATHS.joinGroups, { ids: [caseId], groupId: null }],
  ['GET', ARCHIVE_PATHS.groups],
  ['POST', ARCHIVE_PATHS.addGroup, { name: 'g' }],
  ['POST', ARCHIVE_PATHS.exportXlsx, {}],
  ['GET', ARCHIVE_PATHS.casePdf(caseId)],
  ['POST', ARCHIVE_PATHS.addVisit(caseId), FIRST_VISIT],
  ['GET', ARCHIVE_PATHS.visit(visitId)],
  ['POST', ARCHIVE_PATHS.updateVisit(visitId), FIRST_VISIT],
  ['GET', ARCHIVE_PATHS.visitPdf(visitId)],
  ['POST', ARCHIVE_PATHS.linkRecord(visitId), { recordId: ID }],
  ['GET', ARCHIVE_PATHS.herbs],
  ['GET', ARCHIVE_PATHS.formulas],
  ['POST', ARCHIVE_PATHS.checkPrescription, { herbs: [] }],
  ['POST', ARCHIVE_PATHS.herbOverride, { name: '附子', doseMin: 3, doseMax: 30, pregnancy: 'caution' }],
  ['POST', ARCHIVE_PATHS.herbOverrideRemove, { name: '附子' }],
  ['POST', ARCHIVE_PATHS.addFormula, { name: '自拟方', herbs: [{ name: '甘草', dose: 6 }] }],
  ['POST', ARCHIVE_PATHS.removeFormula, { id: ID }],
];

describe('archive: guard', () => {
  it('401 without a token on every route, even with a malformed body', async () => {
    for (const [m, url] of routes(ID, ID)) {
      const r = await call(t.app, m, url, undefined, m === 'POST' ? { junk: 1 } : undefined);
      expect([url, r.status, r.body.code]).toEqual([url, 401, SPEC_ERRORS.TOKEN_INVALID.code]);
    }
  });

  it("403 for a member's token on every route, before the body is read", async () => {
    const { token } = await userWithToken(t, { entrance: 'member' });
    for (const [m, url] of routes(ID, ID)) {
      const r = await call(t.app, m, url, token, m === 'POST' ? { junk: 1 } : undefined);
      expect([url, r.status, r.body.code]).toEqual([url, 403, AUTH_ERRORS.FORBIDDEN.code]);
    }
  });

  it('400 on a bad body, parameter or query, naming the field', async () => {
    const a = await doctorWithVisit(t);
    const bad: Array<[Method, string, unknown, RegExp]> = [
      ['POST', ARCHIVE_PATHS.list, { size: 50 }, /size/],
      ['POST', ARCHIVE_PATHS.add, { ...PATIENT, birthDate: '17.05.1980' }, /birthDate/],
      ['POST', ARCHIVE_PATHS.add, { ...PATIENT, idNumber: '11010119800517002<' }, /idNumber/],
      ['POST', ARCHIVE_PATHS.update(a.caseId), { sex: 'x' }, /sex/],
      ['POST', ARCHIVE_PATHS.remove, { ids: ['nope'] }, /ids/],
      ['POST', ARCHIVE_PATHS.restore, { ids: [] }, /ids/],
      ['POST', ARCHIVE_PATHS.joinGroups, { ids: [a.caseId] }, /groupId/],
      ['POST', ARCHIVE_PATHS.addGroup, { name: '' }, /name/],
      ['POST', ARCHIVE_PATHS.exportXlsx, { deleted: 'yes' }, /deleted/],
      ['POST', ARCHIVE_PATHS.addVisit(a.caseId), { ...FIRST_VISIT, chiefComplaint: '' }, /chiefComplaint/],
      [
        'POST',
        ARCHIVE_PATHS.updateVisit(a.visitId),
        { ...FIRST_VISIT, prescription: { herbs: [{ name: '甘草', dose: -1 }], doses: 1 } },
        /prescription\.herbs\.0\.dose/,
      ],
      ['POST', ARCHIVE_PATHS.checkPrescription, { herbs: [{ name: '甘草' }] }, /herbs\.0\.dose/],
      ['POST', ARCHIVE_PATHS.linkRecord(a.visitId), { recordId: 'x' }, /recordId/],
      ['POST', ARCHIVE_PATHS.herbOverride, { name: '附子', doseMin: 30, doseMax: 3, pregnancy: 'none' }, /doseMin/],
      ['POST', ARCHIVE_PATHS.herbOverrideRemove, { name: '' }, /name/],
      ['POST', ARCHIVE_PATHS.addFormula, { name: '自拟方', herbs: [] }, /herbs/],
      ['POST', ARCHIVE_PATHS.removeFormula, { id: 'x' }, /id/],
      ['GET', ARCHIVE_PATHS.detail('not-a-uuid'), undefined, /id/],
      ['GET', ARCHIVE_PATHS.visit('1'), undefined, /id/],
      ['GET', `${ARCHIVE_PATHS.visitPdf(a.visitId)}?lang=fr`, undefined, /lang/],
      ['GET', `${ARCHIVE_PATHS.casePdf(a.caseId)}?lang=fr`, undefined, /lang/],
    ];
    for (const [m, url, body, field] of bad) {
      const r = await call(t.app, m, url, a.token, body);
      expect([url, r.status]).toEqual([url, 400]);
      expect(refusedFields(r.body)).toMatch(field);
    }
    // Same in English: the message follows the language header.
    const en = await call(t.app, 'POST', ARCHIVE_PATHS.add, a.token, { ...PATIENT, name: '' }, { language: 'en' });
    expect(en.status).toBe(400);
  });

  it("403 on another doctor's case on every case endpoint; nothing changes", async () => {
    const a = await doctorWithVisit(t, 'Dr A');
    const b = await doctorWithToken(t, 'Dr B');
    const caseRoutes = routes(a.caseId, a.visitId).filter(
      ([, url]) => url.includes(a.caseId) || url.includes(a.visitId) || url === ARCHIVE_PATHS.remove,
    );
    expect(caseRoutes.length).toBe(9);
    caseRoutes.push(['POST', ARCHIVE_PATHS.restore, { ids: [a.caseId] }]);
    caseRoutes.push(['POST', ARCHIVE_PATHS.joinGroups, { ids: [a.caseId], groupId: null }]);
    for (const [m, url, body] of caseRoutes) {
      const r = await call(t.app, m, url, b.token, body);
      expect([url, r.status, r.body.code]).toEqual([url, 403, ARCHIVE_ERRORS.CASE_FORBIDDEN.code]);
    }
    // A batch holding one foreign id among own ones is refused whole.
    const own = await newCase(t, b.token);
    const mixed = await call(t.app, 'POST', ARCHIVE_PATHS.remove, b.token, { ids: [own, a.caseId] });
    expect(mixed.status).toBe(403);
    const list = await call(t.app, 'POST', ARCHIVE_PATHS.list, b.token, {});
    expect(list.body.data.list.map((c: { id: string }) => c.id)).toEqual([own]);
    const still = await call(t.app, 'GET', ARCHIVE_PATHS.detail(a.caseId), a.token);
    expect([still.status, still.body.data.phone, still.body.data.visits.length]).toEqual([200, PATIENT.phone, 1]);
    // An unknown id is 403 too: ids of other doctors' cases cannot be probed.
    expect((await call(t.app, 'GET', ARCHIVE_PATHS.detail(randomUUID()), a.token)).status).toBe(403);
  });
});

describe('archive: cases and visits', () => {
  it('creates a case; the list masks the ID number, the detail shows it to the doctor', async () => {
    const a = await doctorWithToken(t);
    const id = await newCase(t, a.token);
    const list = await call(t.app, 'POST', ARCHIVE_PATHS.list, a.token, { search: '张三' });
    const row = list.body.data.list.find((c: { id: string }) => c.id === id);
    expect(row.idNumberMasked).toBe('110***********0023');
    expect(JSON.stringify(list.body)).not.toContain(PATIENT.idNumber);
    const d = await call(t.app, 'GET', ARCHIVE_PATHS.detail(id), a.token);
    expect([d.body.data.idNumber, d.body.data.age >= 46, d.body.data.visits]).toEqual([PATIENT.idNumber, true, []]);
  });

  it('a partial update changes only the fields it names', async () => {
    const a = await doctorWithToken(t);
    const id = await newCase(t, a.token, { pregnant: true, remark: '孕 12 周' });
    const u = await call(t.app, 'POST', ARCHIVE_PATHS.update(id), a.token, { phone: '13900000002' });
    expect([u.status, u.body.data.phone, u.body.data.pregnant]).toEqual([200, '13900000002', true]);
    const d = await call(t.app, 'GET', ARCHIVE_PATHS.detail(id), a.token);
    expect([d.body.data.remark, d.body.data.idNumber]).toEqual(['孕 12 周', PATIENT.idNumber]);
  });

  it('links a platform record to a visit and shows its results; a record of someone else is refused', async () => {
    const a = await doctorWithToken(t);
    const other = await doctorWithToken(t);
    const id = await newCase(t, a.token);
    const mine = await platformRecord(t, a.user.id, '肝郁脾虚');
    const theirs = await platformRecord(t, other.user.id);
    const refused = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(id), a.token, {
      ...FIRST_VISIT,
      recordIds: [theirs.id],
    });
    expect([refused.status, refused.body.code]).toEqual([400, ARCHIVE_ERRORS.RECORD_NOT_LINKABLE.code]);
    const v = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(id), a.token, { ...FIRST_VISIT, recordIds: [mine.id] });
    expect(v.status).toBe(200);
    expect(v.body.data.records.map((r: { id: string; conclusion: string }) => [r.id, r.conclusion])).toEqual([
      [mine.id, '肝郁脾虚'],
    ]);
    const got = await call(t.app, 'GET', ARCHIVE_PATHS.visit(v.body.data.id), a.token);
    expect([got.body.data.type, got.body.data.number, got.body.data.records.length]).toEqual(['first', 1, 1]);
  });

  it('words a linked record’s conclusion (stored as an id) in the reader’s language', async () => {
    const a = await doctorWithToken(t);
    const id = await newCase(t, a.token);
    const rec = await platformRecord(t, a.user.id, 'pattern:damp_heat');
    const v = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(id), a.token, { ...FIRST_VISIT, recordIds: [rec.id] });
    expect(v.status).toBe(200);
    for (const [language, word] of [
      ['zh', '湿热证'],
      ['en', 'Damp-heat pattern'],
    ] as const) {
      const got = await call(t.app, 'GET', ARCHIVE_PATHS.visit(v.body.data.id), a.token, undefined, { language });
      expect(got.body.data.records[0].conclusion).toBe(word);
      const c = await call(t.app, 'GET', ARCHIVE_PATHS.detail(id), a.token, undefined, { language });
      expect(c.body.data.visits[0].records[0].conclusion).toBe(word);
    }
  });

  it('follow-ups are numbered after the last visit and the list shows the latest diagnosis', async () => {
    const a = await doctorWithVisit(t);
    const f = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(a.caseId), a.token, {
      ...FIRST_VISIT,
      visitDate: '2026-11-27',
      tcmSyndrome: '脾胃虚弱证',
    });
    expect([f.body.data.number, f.body.data.type]).toEqual([2, 'followUp']);
    const d = await call(t.app, 'GET', ARCHIVE_PATHS.detail(a.caseId), a.token);
    expect(d.body.data.visits.map((v: { number: number }) => v.number)).toEqual([1, 2]);
    expect([d.body.data.visitCount, d.body.data.tcmSyndrome, d.body.data.lastVisitAt]).toEqual([
      2,
      '脾胃虚弱证',
      '2026-11-27',
    ]);
    const q = await call(t.app, 'POST', ARCHIVE_PATHS.list, a.token, {
      query: {
        join: 'and',
        groups: [
          {
            conditions: [
              { connector: 'and', name: 'tcmSyndrome', type: 'string', operator: 'LK', value: '脾胃虚弱' },
              { connector: 'and', name: 'visitCount', type: 'integer', operator: 'GE', value: 2 },
            ],
          },
        ],
      },
    });
    expect(q.body.data.list.map((c: { id: string }) => c.id)).toEqual([a.caseId]);
    const edited = await call(t.app, 'POST', ARCHIVE_PATHS.updateVisit(a.visitId), a.token, {
      ...FIRST_VISIT,
      outcome: '好转',
    });
    expect([edited.status, edited.body.data.outcome, edited.body.data.number]).toEqual([200, '好转', 1]);
  });

  it('a visit carries the safety warnings of its prescription; pregnancy cautions only for a pregnant patient', async () => {
    const a = await doctorWithToken(t);
    const rx = {
      herbs: [
        { name: '甘草', dose: 6 },
        { name: '海藻', dose: 9 },
        { name: '桃仁', dose: 30 },
      ],
      doses: 5,
      // 十八反 needs the doctor's reason to be saved (prescription-safety.routes.test.ts).
      acknowledgement: { reason: '病重药重' },
    };
    const plain = await newCase(t, a.token);
    const v1 = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(plain), a.token, { ...FIRST_VISIT, prescription: rx });
    expect(v1.body.data.warnings.map((w: { kind: string }) => w.kind)).toEqual(['incompatible', 'doseHigh']);
    const pregnant = await newCase(t, a.token, { pregnant: true });
    const v2 = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(pregnant), a.token, {
      ...FIRST_VISIT,
      prescription: rx,
    });
    expect(v2.body.data.warnings.map((w: { kind: string }) => w.kind)).toEqual([
      'incompatible',
      'doseHigh',
      'pregnancyCaution',
    ]);
    const check = await call(t.app, 'POST', ARCHIVE_PATHS.checkPrescription, a.token, {
      herbs: [
        { name: '附子', dose: 9, preparation: '先煎' },
        { name: '法半夏', dose: 9 },
      ],
    });
    expect(check.body.data.map((w: { kind: string }) => w.kind)).toEqual(['incompatible']);
  });

  it('serves the herb dictionary and formula library', async () => {
    const a = await doctorWithToken(t);
    const herbs = await call(t.app, 'GET', ARCHIVE_PATHS.herbs, a.token);
    const formulas = await call(t.app, 'GET', ARCHIVE_PATHS.formulas, a.token);
    expect(herbs.body.data.length).toBeGreaterThanOrEqual(300);
    expect(formulas.body.data.find((f: { name: string }) => f.name === '四逆汤').herbs.length).toBe(3);
  });
});

describe('archive: own dictionary corrections and formulas', () => {
  it("a doctor's herb override changes their checks only; removing it restores the shipped row", async () => {
    const a = await doctorWithVisit(t, 'Dr Override');
    const b = await doctorWithToken(t, 'Dr Plain');
    const rx = { herbs: [{ name: '白术', dose: 30 }], pregnant: true };
    const before = await call(t.app, 'POST', ARCHIVE_PATHS.checkPrescription, a.token, rx);
    expect(before.body.data.map((w: { kind: string }) => w.kind)).toEqual(['doseHigh']);
    // A toxic herb above the pharmacopoeia's range is measured against the pharmacopoeia whatever
    // the override says: the override changes the ordinary notes only.
    const toxic = { herbs: [{ name: '附子', dose: 30, preparation: '先煎' }], pregnant: true };
    const toxicBefore = await call(t.app, 'POST', ARCHIVE_PATHS.checkPrescription, a.token, toxic);
    expect(toxicBefore.body.data.map((w: { kind: string }) => w.kind)).toEqual(['toxicDoseHigh', 'pregnancyCaution']);
    const saved = await call(t.app, 'POST', ARCHIVE_PATHS.herbOverride, a.token, {
      name: '附子',
      doseMin: 3,
      doseMax: 30,
      pregnancy: 'none',
    });
    await call(t.app, 'POST', ARCHIVE_PATHS.herbOverride, a.token, {
      name: '白术',
      doseMin: 6,
      doseMax: 30,
      pregnancy: 'none',
    });
    expect([saved.body.data.doseMax, saved.body.data.pregnancy, saved.body.data.overridden]).toEqual([
      30,
      undefined,
      true,
    ]);
    expect((await call(t.app, 'POST', ARCHIVE_PATHS.checkPrescription, a.token, rx)).body.data).toEqual([]);
    const toxicAfter = await call(t.app, 'POST', ARCHIVE_PATHS.checkPrescription, a.token, toxic);
    expect(toxicAfter.body.data.map((w: { kind: string }) => w.kind)).toEqual(['toxicDoseHigh']);
    // b still gets the pharmacopoeia's warnings.
    const other = await call(t.app, 'POST', ARCHIVE_PATHS.checkPrescription, b.token, rx);
    expect(other.body.data.map((w: { kind: string }) => w.kind)).toEqual(['doseHigh']);
    const otherToxic = await call(t.app, 'POST', ARCHIVE_PATHS.checkPrescription, b.token, toxic);
    expect(otherToxic.body.data.map((w: { kind: string }) => w.kind)).toEqual(['toxicDoseHigh', 'pregnancyCaution']);
    const herbs = await call(t.app, 'GET', ARCHIVE_PATHS.herbs, b.token);
    expect(herbs.body.data.find((h: { name: string }) => h.name === '附子').doseMax).toBe(15);
    // Visit warnings follow the reader's dictionary too.
    await call(t.app, 'POST', ARCHIVE_PATHS.updateVisit(a.visitId), a.token, {
      ...FIRST_VISIT,
      prescription: { herbs: [{ name: '白术', dose: 30 }], doses: 3 },
    });
    expect((await call(t.app, 'GET', ARCHIVE_PATHS.visit(a.visitId), a.token)).body.data.warnings).toEqual([]);
    const unknown = await call(t.app, 'POST', ARCHIVE_PATHS.herbOverride, a.token, {
      name: '不存在的药',
      doseMin: 1,
      doseMax: 2,
      pregnancy: 'none',
    });
    expect([unknown.status, unknown.body.code]).toEqual([400, ARCHIVE_ERRORS.HERB_UNKNOWN.code]);
    const back = await call(t.app, 'POST', ARCHIVE_PATHS.herbOverrideRemove, a.token, { name: '附子' });
    expect([back.body.data.doseMax, back.body.data.pregnancy]).toEqual([15, 'caution']);
    expect((await call(t.app, 'POST', ARCHIVE_PATHS.checkPrescription, a.token, toxic)).body.data.length).toBe(2);
  });

  it('own formulas are listed for their doctor only; another doctor cannot delete them', async () => {
    const a = await doctorWithToken(t);
    const b = await doctorWithToken(t);
    const f = await call(t.app, 'POST', ARCHIVE_PATHS.addFormula, a.token, {
      name: '自拟和胃方',
      herbs: [
        { name: '陈皮', dose: 6 },
        { name: '大枣', dose: 3, unit: '枚' },
      ],
      usage: '水煎服',
    });
    expect([f.status, f.body.data.mine, f.body.data.herbs[1].unit]).toEqual([200, true, '枚']);
    const mine = (await call(t.app, 'GET', ARCHIVE_PATHS.formulas, a.token)).body.data;
    expect(mine.at(-1).name).toBe('自拟和胃方');
    const theirs = (await call(t.app, 'GET', ARCHIVE_PATHS.formulas, b.token)).body.data;
    expect(theirs.some((x: { name: string }) => x.name === '自拟和胃方')).toBe(false);
    const refused = await call(t.app, 'POST', ARCHIVE_PATHS.removeFormula, b.token, { id: f.body.data.id });
    expect([refused.status, refused.body.code]).toEqual([403, ARCHIVE_ERRORS.FORMULA_FORBIDDEN.code]);
    expect((await call(t.app, 'POST', ARCHIVE_PATHS.removeFormula, a.token, { id: f.body.data.id })).status).toBe(200);
    const after = (await call(t.app, 'GET', ARCHIVE_PATHS.formulas, a.token)).body.data;
    expect(after.some((x: { name: string }) => x.name === '自拟和胃方')).toBe(false);
  });
});

describe('archive: groups, recycle view', () => {
  it('a group shares cases read/write with its doctors; only the owner deletes or regroups', async () => {
    const a = await doctorWithVisit(t, 'Dr Owner');
    const b = await doctorWithToken(t, 'Dr Shared');
    const g = await call(t.app, 'POST', ARCHIVE_PATHS.addGroup, a.token, {
      name: '脾胃病',
      shareWith: [b.user.loginName],
    });
    expect(g.body.data.members.map((m: { id: string }) => m.id)).toEqual([b.user.id]);
    expect(
      (await call(t.app, 'POST', ARCHIVE_PATHS.joinGroups, a.token, { ids: [a.caseId], groupId: g.body.data.id }))
        .status,
    ).toBe(200);

    const list = await call(t.app, 'POST', ARCHIVE_PATHS.list, b.token, {});
    expect(list.body.data.list.map((c: { id: string; mine: boolean }) => [c.id, c.mine])).toEqual([[a.caseId, false]]);
    expect((await call(t.app, 'GET', ARCHIVE_PATHS.detail(a.caseId), b.token)).status).toBe(200);
    const follow = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(a.caseId), b.token, FIRST_VISIT);
    expect([follow.status, follow.body.data.doctorName]).toEqual([200, 'Dr Shared']);
    const del = await call(t.app, 'POST', ARCHIVE_PATHS.remove, b.token, { ids: [a.caseId] });
    expect([del.status, del.body.code]).toEqual([403, ARCHIVE_ERRORS.OWNER_ONLY.code]);
    // b cannot use a's group, and a cannot use b's.
    const bGroup = await call(t.app, 'POST', ARCHIVE_PATHS.addGroup, b.token, { name: 'mine' });
    const foreign = await call(t.app, 'POST', ARCHIVE_PATHS.joinGroups, a.token, {
      ids: [a.caseId],
      groupId: bGroup.body.data.id,
    });
    expect([foreign.status, foreign.body.code]).toEqual([403, ARCHIVE_ERRORS.GROUP_FORBIDDEN.code]);
    const unknown = await call(t.app, 'POST', ARCHIVE_PATHS.addGroup, a.token, {
      name: 'x',
      shareWith: ['nobody-here'],
    });
    expect([unknown.status, unknown.body.code]).toEqual([400, ARCHIVE_ERRORS.DOCTOR_NOT_FOUND.code]);
    // Out of the group: b loses access.
    await call(t.app, 'POST', ARCHIVE_PATHS.joinGroups, a.token, { ids: [a.caseId], groupId: null });
    expect((await call(t.app, 'GET', ARCHIVE_PATHS.detail(a.caseId), b.token)).status).toBe(403);
  });

  it('deleted cases go to the recycle view and come back within 30 days, not after', async () => {
    const a = await doctorWithVisit(t);
    const del = await call(t.app, 'POST', ARCHIVE_PATHS.remove, a.token, { ids: [a.caseId] });
    expect(del.body.data.ids).toEqual([a.caseId]);
    const live = await call(t.app, 'POST', ARCHIVE_PATHS.list, a.token, {});
    expect(live.body.data.total).toBe(0);
    const bin = await call(t.app, 'POST', ARCHIVE_PATHS.list, a.token, { deleted: true });
    expect(bin.body.data.list.map((c: { id: string }) => c.id)).toEqual([a.caseId]);
    const closed = await call(t.app, 'GET', ARCHIVE_PATHS.detail(a.caseId), a.token);
    expect([closed.status, closed.body.code]).toEqual([409, ARCHIVE_ERRORS.CASE_DELETED.code]);
    expect((await call(t.app, 'POST', ARCHIVE_PATHS.restore, a.token, { ids: [a.caseId] })).status).toBe(200);
    expect((await call(t.app, 'GET', ARCHIVE_PATHS.detail(a.caseId), a.token)).status).toBe(200);

    await call(t.app, 'POST', ARCHIVE_PATHS.remove, a.token, { ids: [a.caseId] });
    await t.database.db
      .update(archiveCases)
      .set({ deletedAt: new Date(Date.now() - 31 * 86400_000) })
      .where(eq(archiveCases.id, a.caseId));
    expect((await call(t.app, 'POST', ARCHIVE_PATHS.list, a.token, { deleted: true })).body.data.total).toBe(0);
    const late = await call(t.app, 'POST', ARCHIVE_PATHS.restore, a.token, { ids: [a.caseId] });
    expect([late.status, late.body.code]).toEqual([409, ARCHIVE_ERRORS.RESTORE_EXPIRED.code]);
  });
});

describe('archive: audit', () => {
  it('writes who, what and from where for every read and write of a case; refused calls write nothing', async () => {
    const a = await doctorWithVisit(t);
    const b = await doctorWithToken(t);
    await call(t.app, 'GET', ARCHIVE_PATHS.detail(a.caseId), a.token, undefined, { 'user-agent': 'vitest-agent' });
    await call(t.app, 'POST', ARCHIVE_PATHS.update(a.caseId), a.token, { phone: '13900000001' });
    await call(t.app, 'GET', ARCHIVE_PATHS.visit(a.visitId), a.token);
    await t.app.inject({ url: ARCHIVE_PATHS.visitPdf(a.visitId), headers: { authorization: `Bearer ${a.token}` } });
    await call(t.app, 'POST', ARCHIVE_PATHS.list, a.token, {});
    await call(t.app, 'GET', ARCHIVE_PATHS.detail(a.caseId), b.token);
    const trail = await auditTrail(t.database.db, a.caseId);
    expect(trail.map((r) => r.action)).toEqual([
      'archive.create',
      'archive.visit.create',
      'archive.read',
      'archive.update',
      'archive.visit.read',
      'archive.visit.pdf',
      'archive.list',
    ]);
    expect(trail.every((r) => r.actorUserId === a.user.id && r.ip === '127.0.0.1' && r.at instanceof Date)).toBe(true);
    expect(trail[2]!.userAgent).toBe('vitest-agent');
    expect(trail[3]!.detail).toMatchObject({ fields: ['phone'] });
  });
});

describe('archive: export', () => {
  it('exports the case list as an Excel workbook with masked ID numbers, zh and en headers', async () => {
    const a = await doctorWithVisit(t);
    await newCase(t, a.token, { name: '李四', idNumber: null });
    for (const [lang, header] of [
      ['zh', '姓名'],
      ['en', 'Name'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: ARCHIVE_PATHS.exportXlsx,
        headers: { authorization: `Bearer ${a.token}`, language: lang },
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      expect(ws.getRow(1).getCell(1).value).toBe(header);
      const names = [2, 3].map((r) => ws.getRow(r).getCell(1).value).sort();
      expect(names).toEqual(['张三', '李四']);
      const ids = [2, 3].map((r) => ws.getRow(r).getCell(6).value);
      expect(ids).toContain('110***********0023');
      expect(JSON.stringify(ids)).not.toContain(PATIENT.idNumber);
      expect(ws.rowCount).toBe(3);
    }
  });

  it('renders a visit as a medical-record PDF in zh and en, and the whole case as one PDF', async () => {
    const a = await doctorWithVisit(t);
    await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(a.caseId), a.token, {
      ...FIRST_VISIT,
      visitDate: '2026-11-27',
      prescription: { ...FIRST_VISIT.prescription!, herbs: [{ name: '大枣', dose: 3, unit: '枚' }] },
    });
    const pages: number[] = [];
    for (const lang of ['zh', 'en']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${ARCHIVE_PATHS.visitPdf(a.visitId)}?lang=${lang}`,
        headers: { authorization: `Bearer ${a.token}` },
      });
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/pdf']);
      expect(res.headers['content-disposition']).toContain(`-${lang}.pdf`);
      pages.push((await PDFDocument.load(res.rawPayload)).getPageCount());
    }
    const whole = await t.app.inject({
      method: 'GET',
      url: ARCHIVE_PATHS.casePdf(a.caseId),
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(whole.statusCode).toBe(200);
    // Two visits, each at least one page, in one file.
    expect((await PDFDocument.load(whole.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(pages[0]! + 1);
  });
});
