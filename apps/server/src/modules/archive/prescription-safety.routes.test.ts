import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_ERRORS, ARCHIVE_PATHS, SAFETY_WARNING_CODES, SPEC_ERRORS, type VisitBody } from '@tcm/contract';
import { ensurePoppler, inspectPdf } from '../../../../../packages/report/src/testing/poppler.js';
import { call, refusedFields } from '../../test/http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { auditTrail } from '../audit/audit.service.js';
import { doctorWithToken, FIRST_VISIT, newCase } from './archive.test-helpers.js';

/**
 * Issue 32 item 1: a prescription raising 十八反, 十九畏, 孕妇禁用 or a toxic herb above the
 * pharmacopoeia's range is saved only with the doctor's written reason; a toxic dose above the
 * hard ceiling never; both PDFs print every warning and the reason.
 */
let t: TestApp;
beforeAll(async () => {
  ensurePoppler();
  t = await createTestApp();
});
afterAll(async () => t.close());

const REASON = '久病顽痰，权衡利弊后慎用';
const herbs = (...list: Array<[string, number]>) => list.map(([name, dose]) => ({ name, dose }));
/** 甘草 + 甘遂 (十八反) and 丁香 + 郁金 (十九畏), as measured in the issue. */
const INCOMPATIBLE = herbs(['甘草', 6], ['甘遂', 1], ['丁香', 3], ['郁金', 9]);
const visitWith = (h: ReturnType<typeof herbs>, reason?: string): VisitBody => ({
  ...FIRST_VISIT,
  prescription: {
    name: '试验方',
    herbs: h,
    doses: 3,
    ...(reason !== undefined ? { acknowledgement: { reason } } : {}),
  },
});
const codes = (r: { body: { data: { warnings: Array<{ code: number }> } } }) => r.body.data.warnings.map((w) => w.code);

describe('archive: prescription safety on save', () => {
  it('401 without a token', async () => {
    const r = await call(
      t.app,
      'POST',
      ARCHIVE_PATHS.addVisit(FIRST_VISIT_ID),
      undefined,
      visitWith(INCOMPATIBLE, REASON),
    );
    expect([r.status, r.body.code]).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
  });

  it('400 on an empty reason, naming the field', async () => {
    const a = await doctorWithToken(t);
    const caseId = await newCase(t, a.token);
    const r = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(caseId), a.token, visitWith(INCOMPATIBLE, '  '));
    expect(r.status).toBe(400);
    expect(refusedFields(r.body)).toMatch(/prescription\.acknowledgement\.reason/);
  });

  it("403 on another doctor's case, even with a reason; nothing is stored", async () => {
    const a = await doctorWithToken(t, 'Dr Owner');
    const b = await doctorWithToken(t, 'Dr Other');
    const caseId = await newCase(t, a.token);
    const r = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(caseId), b.token, visitWith(INCOMPATIBLE, REASON));
    expect([r.status, r.body.code]).toEqual([403, ARCHIVE_ERRORS.CASE_FORBIDDEN.code]);
    expect((await call(t.app, 'GET', ARCHIVE_PATHS.detail(caseId), a.token)).body.data.visits).toEqual([]);
  });

  it('409 lists the 十八反 and 十九畏 warnings with codes when no reason is given; nothing is stored', async () => {
    const a = await doctorWithToken(t);
    const caseId = await newCase(t, a.token);
    const r = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(caseId), a.token, visitWith(INCOMPATIBLE));
    expect([r.status, r.body.code]).toEqual([409, ARCHIVE_ERRORS.PRESCRIPTION_NEEDS_REASON.code]);
    expect(codes(r)).toEqual([SAFETY_WARNING_CODES.incompatible, SAFETY_WARNING_CODES.antagonism]);
    expect(r.body.data.warnings[0]).toMatchObject({ kind: 'incompatible', herbs: ['甘草', '甘遂'] });
    expect(r.body.data.warnings[1].zh).toContain('十九畏');
    const detail = await call(t.app, 'GET', ARCHIVE_PATHS.detail(caseId), a.token);
    expect(detail.body.data.visits).toEqual([]);
    // English reader: the message follows the language header, the warning carries both texts.
    const en = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(caseId), a.token, visitWith(INCOMPATIBLE), {
      language: 'en',
    });
    expect(en.body.msg).toBe(ARCHIVE_ERRORS.PRESCRIPTION_NEEDS_REASON.en);
  });

  it('saves with a reason: who, when and why stored, answered and audited; an edit keeping the reason keeps them', async () => {
    const a = await doctorWithToken(t, 'Dr Reason');
    const caseId = await newCase(t, a.token);
    const before = Date.now();
    const r = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(caseId), a.token, visitWith(INCOMPATIBLE, REASON));
    expect(r.status).toBe(200);
    const ack = r.body.data.prescription.acknowledgement;
    expect([ack.reason, ack.byUserId, ack.byName]).toEqual([REASON, a.user.id, 'Dr Reason']);
    expect(Date.parse(ack.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(ack.warnings.map((w: { code: number }) => w.code)).toEqual([4101401, 4101402]);
    // Stored: a fresh read answers the same acknowledgement.
    const read = await call(t.app, 'GET', ARCHIVE_PATHS.visit(r.body.data.id), a.token);
    expect(read.body.data.prescription.acknowledgement).toEqual(ack);
    const trail = await auditTrail(t.database.db, caseId);
    const row = trail.find((e) => e.action === 'archive.visit.acknowledge');
    expect(row?.actorUserId).toBe(a.user.id);
    expect(row?.detail).toMatchObject({
      visitId: r.body.data.id,
      reason: REASON,
      warnings: [
        { code: 4101401, herbs: ['甘草', '甘遂'] },
        { code: 4101402, herbs: ['丁香', '郁金'] },
      ],
    });
    // The edit screen sends the whole visit back, acknowledgement included: same reason, same warnings.
    const again = await call(t.app, 'POST', ARCHIVE_PATHS.updateVisit(r.body.data.id), a.token, {
      ...visitWith(INCOMPATIBLE, REASON),
      outcome: '好转',
    });
    expect(again.body.data.prescription.acknowledgement).toEqual(ack);
    const acks = (await auditTrail(t.database.db, caseId)).filter((e) => e.action === 'archive.visit.acknowledge');
    expect(acks.length).toBe(1);
    // An edit without a reason that adds no warning keeps the acknowledgement; one that adds a pair is refused.
    const silent = await call(
      t.app,
      'POST',
      ARCHIVE_PATHS.updateVisit(r.body.data.id),
      a.token,
      visitWith(INCOMPATIBLE),
    );
    expect(silent.body.data.prescription.acknowledgement).toEqual(ack);
    const more = await call(
      t.app,
      'POST',
      ARCHIVE_PATHS.updateVisit(r.body.data.id),
      a.token,
      visitWith([...INCOMPATIBLE, ...herbs(['海藻', 9])]),
    );
    // The answer lists every warning that needs the reason, the new one among them.
    expect([more.status, codes(more)]).toEqual([409, [4101401, 4101401, 4101402]]);
    expect(more.body.data.warnings[1].herbs).toEqual(['甘草', '海藻']);
    // Dropping the pair: the reason has nothing to acknowledge and is not kept.
    const clean = await call(t.app, 'POST', ARCHIVE_PATHS.updateVisit(r.body.data.id), a.token, {
      ...visitWith(herbs(['甘草', 6]), REASON),
    });
    expect([clean.status, clean.body.data.prescription.acknowledgement]).toEqual([200, undefined]);
  });

  it('a toxic herb above the range needs a reason; above the hard ceiling it is refused even with one', async () => {
    const a = await doctorWithToken(t);
    const caseId = await newCase(t, a.token);
    const add = (h: ReturnType<typeof herbs>, reason?: string) =>
      call(t.app, 'POST', ARCHIVE_PATHS.addVisit(caseId), a.token, visitWith(h, reason));
    // 附子: ChP 2020 3–15 g, 有毒; ceiling 4 × 15 = 60 g.
    const high = await add(herbs(['附子', 30]));
    expect([high.status, high.body.code, codes(high)]).toEqual([
      409,
      ARCHIVE_ERRORS.PRESCRIPTION_NEEDS_REASON.code,
      [SAFETY_WARNING_CODES.toxicDoseHigh],
    ]);
    expect((await add(herbs(['附子', 30]), REASON)).status).toBe(200);
    const ceiling = await add(herbs(['附子', 200]), REASON);
    expect([ceiling.status, ceiling.body.code, codes(ceiling)]).toEqual([
      409,
      ARCHIVE_ERRORS.PRESCRIPTION_REFUSED.code,
      [SAFETY_WARNING_CODES.toxicDoseCeiling],
    ]);
    expect(ceiling.body.data.warnings[0].zh).toContain('附子 200 g');
    // An override of the dose range cannot lift the ceiling: it follows the pharmacopoeia.
    const own = await call(t.app, 'POST', ARCHIVE_PATHS.herbOverride, a.token, {
      name: '附子',
      doseMin: 3,
      doseMax: 300,
      pregnancy: 'none',
    });
    expect(own.status).toBe(200);
    expect((await add(herbs(['附子', 200]), REASON)).body.code).toBe(ARCHIVE_ERRORS.PRESCRIPTION_REFUSED.code);
    // A non-toxic herb above its range stays a note.
    expect((await add(herbs(['白术', 60]))).status).toBe(200);
    const detail = await call(t.app, 'GET', ARCHIVE_PATHS.detail(caseId), a.token);
    expect(detail.body.data.visits.length).toBe(2);
  });

  it('孕妇禁用 needs a reason for a pregnant patient only', async () => {
    const a = await doctorWithToken(t);
    const pregnant = await newCase(t, a.token, { pregnant: true });
    const plain = await newCase(t, a.token);
    const rx = herbs(['甘遂', 1]); // 有毒 but within its 0.5–1.5 g: only the pregnancy rule speaks
    const p = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(pregnant), a.token, visitWith(rx));
    expect([p.status, codes(p)]).toEqual([409, [SAFETY_WARNING_CODES.pregnancyForbidden]]);
    expect((await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(plain), a.token, visitWith(rx))).status).toBe(200);
  });

  it('the zh visit PDF and the en case PDF print every warning and the reason beside the prescription', async () => {
    const a = await doctorWithToken(t, 'Dr Print');
    const caseId = await newCase(t, a.token);
    const v = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(caseId), a.token, visitWith(INCOMPATIBLE, REASON));
    const get = async (url: string) => {
      const r = await t.app.inject({ url, headers: { authorization: `Bearer ${a.token}` } });
      expect([r.statusCode, r.headers['content-type']]).toEqual([200, 'application/pdf']);
      // pdftotext breaks lines where the page does: compare without white space.
      return inspectPdf(r.rawPayload).text.replace(/\s+/g, '');
    };
    const zh = await get(`${ARCHIVE_PATHS.visitPdf(v.body.data.id)}?lang=zh`);
    expect(zh).toContain('用药警示');
    expect(zh).toContain('十八反：甘草（甘草）反甘遂（甘遂），不宜同用');
    expect(zh).toContain('十九畏：丁香与郁金相畏');
    expect(zh).toContain(`DrPrint于`);
    expect(zh).toContain(REASON.replace(/\s+/g, ''));
    const en = await get(`${ARCHIVE_PATHS.casePdf(caseId)}?lang=en`);
    expect(en).toContain('Prescriptionwarnings');
    expect(en).toContain('Eighteenincompatibilities:甘草(甘草)and甘遂(甘遂)shouldnotbeusedtogether');
    expect(en).toContain('Nineteenantagonisms:丁香and郁金');
    expect(en).toContain('byDrPrinton');
    expect(en).toContain(REASON);
  });
});

const FIRST_VISIT_ID = '00000000-0000-4000-8000-000000000000';
