import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_ERRORS,
  ARCHIVE_PATHS,
  AUTH_ERRORS,
  RECORD_PATHS,
  SPEC_ERRORS,
  VISIT_MAX_RECORDS,
} from '@tcm/contract';
import { call, refusedFields } from '../../test/http.js';
import { userWithToken, waitFor } from '../../test/records-helpers.js';
import { useTestApp } from '../../test/suite.js';
import { auditTrail } from '../audit/audit.service.js';
import { doctorWithToken, doctorWithVisit, FIRST_VISIT, platformRecord } from './archive.test-helpers.js';

// Issue 33 item 2: the doctor captures from a visit with the members' wizard (the records API,
// so the record is the doctor's), then links it to the visit with this call (docs/archive.md).
const t = useTestApp({}, [], { jobs: true });

describe('archive: link a record to a visit', () => {
  it('401 without a token and 403 for a member, before the body is read', async () => {
    const url = ARCHIVE_PATHS.linkRecord(randomUUID());
    const none = await call(t.app, 'POST', url, undefined, { junk: 1 });
    expect([none.status, none.body.code]).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
    const member = await userWithToken(t, { entrance: 'member' });
    const r = await call(t.app, 'POST', url, member.token, { junk: 1 });
    expect([r.status, r.body.code]).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
  });

  it('400 on a bad body or visit id, in the reader language and naming the field', async () => {
    const a = await doctorWithVisit(t);
    for (const lang of ['zh', 'en']) {
      const r = await call(
        t.app,
        'POST',
        ARCHIVE_PATHS.linkRecord(a.visitId),
        a.token,
        { recordId: 'x' },
        {
          language: lang,
        },
      );
      expect(r.status).toBe(400);
      expect(refusedFields(r.body)).toMatch(/recordId/);
      expect(r.body.msg).not.toMatch(/uuid|regex|Invalid|\//);
    }
    const noBody = await call(t.app, 'POST', ARCHIVE_PATHS.linkRecord(a.visitId), a.token, {});
    expect(noBody.status).toBe(400);
    const badId = await call(t.app, 'POST', ARCHIVE_PATHS.linkRecord('1'), a.token, { recordId: randomUUID() });
    expect(badId.status).toBe(400);
  });

  it("403 for another doctor's visit or an unknown visit; 400 for another doctor's record", async () => {
    const a = await doctorWithVisit(t);
    const b = await doctorWithVisit(t, 'Dr Other');
    const mine = await platformRecord(t, a.user.id);
    const theirs = await platformRecord(t, b.user.id);
    const foreign = await call(t.app, 'POST', ARCHIVE_PATHS.linkRecord(b.visitId), a.token, { recordId: mine.id });
    expect([foreign.status, foreign.body.code]).toEqual([403, ARCHIVE_ERRORS.CASE_FORBIDDEN.code]);
    const unknown = await call(t.app, 'POST', ARCHIVE_PATHS.linkRecord(randomUUID()), a.token, { recordId: mine.id });
    expect([unknown.status, unknown.body.code]).toEqual([403, ARCHIVE_ERRORS.CASE_FORBIDDEN.code]);
    const notMine = await call(t.app, 'POST', ARCHIVE_PATHS.linkRecord(a.visitId), a.token, { recordId: theirs.id });
    expect([notMine.status, notMine.body.code]).toEqual([400, ARCHIVE_ERRORS.RECORD_NOT_LINKABLE.code]);
    const missing = await call(t.app, 'POST', ARCHIVE_PATHS.linkRecord(a.visitId), a.token, { recordId: randomUUID() });
    expect([missing.status, missing.body.code]).toEqual([400, ARCHIVE_ERRORS.RECORD_NOT_LINKABLE.code]);
    // Nothing was linked by the refusals.
    const d = await call(t.app, 'GET', ARCHIVE_PATHS.visit(b.visitId), b.token);
    expect(d.body.data.recordIds).toEqual([]);
  });

  it('links the doctor’s own capture (made through the records API) to the visit, once, and audits it', async () => {
    const a = await doctorWithVisit(t);
    const created = await call(t.app, 'POST', RECORD_PATHS.create, a.token, {
      person: { name: '张三', sex: 'female', age: 46 },
      vitals: { heightCm: 162, weightKg: 70, systolic: 142, diastolic: 91 },
      lang: 'zh',
    });
    expect(created.status).toBe(200);
    const recordId = created.body.data.recordId as string;
    const done = await waitFor(
      () => call(t.app, 'GET', RECORD_PATHS.detail(recordId), a.token),
      (x) => x.status !== 200 || ['done', 'partial', 'failed'].includes(x.body.data.status),
    );
    expect(done.body.data.status).toBe('done');
    // The capture is the doctor's: another doctor may not open it.
    const other = await doctorWithToken(t, 'Dr Third');
    expect((await call(t.app, 'GET', RECORD_PATHS.detail(recordId), other.token)).status).toBe(403);

    const r = await call(t.app, 'POST', ARCHIVE_PATHS.linkRecord(a.visitId), a.token, { recordId });
    expect(r.status).toBe(200);
    expect(r.body.data.recordIds).toEqual([recordId]);
    expect(r.body.data.records.map((x: { id: string; status: string }) => [x.id, x.status])).toEqual([
      [recordId, 'done'],
    ]);
    expect(r.body.data.records[0].results.vitals.status).toBe('done');
    // The visit's other fields are untouched.
    expect([r.body.data.chiefComplaint, r.body.data.prescription.name]).toEqual([
      FIRST_VISIT.chiefComplaint,
      FIRST_VISIT.prescription!.name,
    ]);
    // Linking again changes nothing; the case page shows it inside the visit.
    const again = await call(t.app, 'POST', ARCHIVE_PATHS.linkRecord(a.visitId), a.token, { recordId });
    expect(again.body.data.recordIds).toEqual([recordId]);
    const c = await call(t.app, 'GET', ARCHIVE_PATHS.detail(a.caseId), a.token);
    expect(c.body.data.visits[0].records.map((x: { id: string }) => x.id)).toEqual([recordId]);
    const trail = await auditTrail(t.database.db, a.caseId);
    expect(trail.map((e) => e.action)).toContain('archive.visit.linkRecord');
  });

  it(`409 once the visit links ${VISIT_MAX_RECORDS} records`, async () => {
    const a = await doctorWithVisit(t);
    for (let i = 0; i < VISIT_MAX_RECORDS; i++) {
      const rec = await platformRecord(t, a.user.id);
      expect(
        (await call(t.app, 'POST', ARCHIVE_PATHS.linkRecord(a.visitId), a.token, { recordId: rec.id })).status,
      ).toBe(200);
    }
    const extra = await platformRecord(t, a.user.id);
    const r = await call(t.app, 'POST', ARCHIVE_PATHS.linkRecord(a.visitId), a.token, { recordId: extra.id });
    expect([r.status, r.body.code]).toEqual([409, ARCHIVE_ERRORS.VISIT_RECORDS_FULL.code]);
  });
});
