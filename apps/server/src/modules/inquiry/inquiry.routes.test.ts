import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SCALES } from '@tcm/analysis/constitution';
import {
  ARCHIVE_ERRORS,
  ARCHIVE_PATHS,
  AUTH_ERRORS,
  CONSTITUTION_TEMPLATE_ID,
  INQUIRY_ERRORS,
  INQUIRY_PATHS,
  SPEC_ERRORS,
  type TemplateBody,
} from '@tcm/contract';
import { inquiryForms } from '../../db/schema/index.js';
import { call, refusedFields } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import { auditTrail } from '../audit/audit.service.js';
import { doctorWithToken, FIRST_VISIT, newCase } from '../archive/archive.test-helpers.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();

const tx = (zh: string, en = zh) => ({ zh, en });

/** A small sleep form: a conditional required question and a weighted points score with bands. */
const SLEEP: TemplateBody = {
  name: '睡眠问诊',
  definition: {
    sections: [
      {
        id: 'sleep',
        title: tx('睡眠', 'Sleep'),
        questions: [
          {
            id: 'insomnia',
            type: 'single',
            label: tx('失眠吗', 'Insomnia?'),
            required: true,
            options: [
              { value: 'no', label: tx('否', 'No'), score: 0 },
              { value: 'yes', label: tx('是', 'Yes'), score: 2 },
            ],
          },
          {
            id: 'nights',
            type: 'number',
            label: tx('每周几晚', 'Nights a week'),
            required: true,
            number: { unit: '晚', min: 0, max: 7 },
            showIf: { question: 'insomnia', anyOf: ['yes'] },
          },
          { id: 'severity', type: 'scale', label: tx('严重程度', 'Severity'), scale: { min: 1, max: 5 } },
          { id: 'note', type: 'text', label: tx('其他', 'Other') },
          { id: 'tongue', type: 'photo', label: tx('舌照', 'Tongue photo'), photo: 'tongue' },
        ],
      },
    ],
    scoring: {
      kind: 'points',
      scores: [
        {
          id: 'sleep',
          label: tx('睡眠分', 'Sleep score'),
          items: [
            { question: 'insomnia', weight: 1 },
            { question: 'nights', weight: 0.5 },
            { question: 'severity', weight: 2 },
          ],
          bands: [
            { from: 0, label: tx('轻', 'mild') },
            { from: 8, label: tx('重', 'severe') },
          ],
        },
      ],
    },
  },
};

type Method = 'GET' | 'POST';
const ID = randomUUID();
const routes = (): Array<[Method, string, unknown?]> => [
  ['GET', INQUIRY_PATHS.templates],
  ['GET', INQUIRY_PATHS.template(ID)],
  ['POST', INQUIRY_PATHS.addTemplate, SLEEP],
  ['POST', INQUIRY_PATHS.updateTemplate(ID), SLEEP],
  ['POST', INQUIRY_PATHS.removeTemplate, { id: ID }],
  ['POST', INQUIRY_PATHS.forms, {}],
  ['GET', INQUIRY_PATHS.form(ID)],
  ['POST', INQUIRY_PATHS.fill, { templateId: ID, caseId: ID, answers: {} }],
  ['POST', INQUIRY_PATHS.send, { templateId: ID, caseId: ID }],
  ['POST', INQUIRY_PATHS.prescriptions, {}],
];

async function doctorWithCase(name = 'Dr Q', patient: Record<string, unknown> = {}) {
  const d = await doctorWithToken(t, name);
  const caseId = await newCase(t, d.token, patient);
  const v = await call(t.app, 'POST', ARCHIVE_PATHS.addVisit(caseId), d.token, FIRST_VISIT);
  expect(v.status).toBe(200);
  const tpl = await call(t.app, 'POST', INQUIRY_PATHS.addTemplate, d.token, SLEEP);
  expect(tpl.status).toBe(200);
  return { ...d, caseId, visitId: v.body.data.id as string, templateId: tpl.body.data.id as string };
}

describe('inquiry: guard', () => {
  it('401 without a token on every private route, even with a malformed body', async () => {
    for (const [m, url] of routes()) {
      const r = await call(t.app, m, url, undefined, m === 'POST' ? { junk: 1 } : undefined);
      expect([url, r.status, r.body.code]).toEqual([url, 401, SPEC_ERRORS.TOKEN_INVALID.code]);
    }
  });

  it("403 for a member's token on every private route, before the body is read", async () => {
    const { token } = await userWithToken(t, { entrance: 'member' });
    for (const [m, url] of routes()) {
      const r = await call(t.app, m, url, token, m === 'POST' ? { junk: 1 } : undefined);
      expect([url, r.status, r.body.code]).toEqual([url, 403, AUTH_ERRORS.FORBIDDEN.code]);
    }
  });
});

describe('inquiry: templates', () => {
  it('lists the built-in constitution questionnaire first, read-only, with every item of both sexes', async () => {
    const a = await doctorWithCase();
    const list = await call(t.app, 'GET', INQUIRY_PATHS.templates, a.token);
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([CONSTITUTION_TEMPLATE_ID, a.templateId]);
    const b = await call(t.app, 'GET', INQUIRY_PATHS.template(CONSTITUTION_TEMPLATE_ID), a.token);
    // 60 questions per respondent; the 6th 气郁质 item differs by sex (F6f / F6m): 61 in all.
    expect(b.body.data).toMatchObject({ builtin: true, questionCount: 61, scoring: 'constitution' });
    const upd = await call(t.app, 'POST', INQUIRY_PATHS.updateTemplate(CONSTITUTION_TEMPLATE_ID), a.token, SLEEP);
    expect(upd.status).toBe(400); // the built-in id is not a uuid: it cannot be addressed for writing
    const rm = await call(t.app, 'POST', INQUIRY_PATHS.removeTemplate, a.token, { id: CONSTITUTION_TEMPLATE_ID });
    expect(rm.status).toBe(400);
  });

  it('400 for a bad definition: the shape (zod) and the rules (own code, problems named)', async () => {
    const a = await doctorWithCase();
    const shape = await call(t.app, 'POST', INQUIRY_PATHS.addTemplate, a.token, {
      name: 'x',
      definition: { sections: [{ id: 's', title: tx('s'), questions: [{ id: 'q', type: 'slider', label: tx('q') }] }] },
    });
    expect([shape.status, shape.body.code]).toEqual([400, 2000400]);
    expect(refusedFields(shape.body)).toMatch(/type/);
    const forward = structuredClone(SLEEP);
    forward.definition.sections[0]!.questions[0]!.showIf = { question: 'severity', anyOf: [5] };
    const rules = await call(t.app, 'POST', INQUIRY_PATHS.addTemplate, a.token, forward, { language: 'en' });
    expect([rules.status, rules.body.code, rules.body.msg]).toEqual([
      400,
      INQUIRY_ERRORS.TEMPLATE_INVALID.code,
      INQUIRY_ERRORS.TEMPLATE_INVALID.en,
    ]);
    expect(rules.body.data.problems).toEqual([
      'sections.0.questions.0.showIf.question: must name an earlier question (severity)',
    ]);
    const constitution = await call(t.app, 'POST', INQUIRY_PATHS.addTemplate, a.token, {
      ...SLEEP,
      definition: { ...SLEEP.definition, scoring: { kind: 'constitution' } },
    });
    expect(constitution.body.code).toBe(INQUIRY_ERRORS.TEMPLATE_INVALID.code);
  });

  it("403 on another doctor's template for read, update, delete and use", async () => {
    const a = await doctorWithCase('Dr A');
    const b = await doctorWithCase('Dr B');
    for (const [m, url, body] of [
      ['GET', INQUIRY_PATHS.template(a.templateId), undefined],
      ['POST', INQUIRY_PATHS.updateTemplate(a.templateId), SLEEP],
      ['POST', INQUIRY_PATHS.removeTemplate, { id: a.templateId }],
      ['POST', INQUIRY_PATHS.send, { templateId: a.templateId, caseId: b.caseId }],
      ['GET', INQUIRY_PATHS.template(randomUUID()), undefined],
    ] as Array<[Method, string, unknown]>) {
      const r = await call(t.app, m, url, b.token, body);
      expect([url, r.status, r.body.code]).toEqual([url, 403, INQUIRY_ERRORS.TEMPLATE_FORBIDDEN.code]);
    }
  });

  it('updates and deletes an own template; a form made from it keeps its copy', async () => {
    const a = await doctorWithCase();
    const f = await call(t.app, 'POST', INQUIRY_PATHS.fill, a.token, {
      templateId: a.templateId,
      caseId: a.caseId,
      answers: { insomnia: 'no' },
    });
    expect(f.status).toBe(200);
    const renamed = await call(t.app, 'POST', INQUIRY_PATHS.updateTemplate(a.templateId), a.token, {
      ...SLEEP,
      name: '睡眠问诊 v2',
    });
    expect(renamed.body.data.name).toBe('睡眠问诊 v2');
    expect((await call(t.app, 'POST', INQUIRY_PATHS.removeTemplate, a.token, { id: a.templateId })).status).toBe(200);
    expect((await call(t.app, 'GET', INQUIRY_PATHS.template(a.templateId), a.token)).status).toBe(403);
    const kept = await call(t.app, 'GET', INQUIRY_PATHS.form(f.body.data.id), a.token);
    expect(kept.body.data).toMatchObject({ templateId: null, templateName: '睡眠问诊', answers: { insomnia: 'no' } });
  });
});

describe('inquiry: forms filled by the doctor', () => {
  it('requires a conditional question only when it is shown', async () => {
    const a = await doctorWithCase();
    const target = { templateId: a.templateId, caseId: a.caseId };
    const hidden = await call(t.app, 'POST', INQUIRY_PATHS.fill, a.token, { ...target, answers: { insomnia: 'no' } });
    expect(hidden.status).toBe(200);
    const shown = await call(t.app, 'POST', INQUIRY_PATHS.fill, a.token, { ...target, answers: { insomnia: 'yes' } });
    expect([shown.status, shown.body.code]).toEqual([400, INQUIRY_ERRORS.ANSWERS_INVALID.code]);
    expect(shown.body.data.problems).toEqual([{ question: 'nights', problem: 'required' }]);
    expect(shown.body.msg).toBe(INQUIRY_ERRORS.ANSWERS_INVALID.zh);
  });

  it('scores as computed by hand and lands on the visit', async () => {
    const a = await doctorWithCase();
    // insomnia yes 2×1 + nights 4×0.5 + severity 3×2 = 2 + 2 + 6 = 10 → severe (from 8)
    const r = await call(t.app, 'POST', INQUIRY_PATHS.fill, a.token, {
      templateId: a.templateId,
      caseId: a.caseId,
      answers: { insomnia: 'yes', nights: 4, severity: 3, note: '  早醒 ' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      visitId: a.visitId,
      visitNumber: 1,
      mode: 'doctor',
      status: 'submitted',
      scoreText: { zh: '睡眠分 10 (重)', en: 'Sleep score 10 (severe)' },
    });
    const d = await call(t.app, 'GET', INQUIRY_PATHS.form(r.body.data.id), a.token);
    expect(d.body.data.score).toEqual({
      kind: 'points',
      scores: [{ id: 'sleep', label: tx('睡眠分', 'Sleep score'), total: 10, band: tx('重', 'severe') }],
    });
    expect(d.body.data.answers.note).toBe('早醒');
    const trail = await auditTrail(t.database.db, a.caseId, a.user.id);
    expect(trail.map((x) => x.action)).toEqual(
      expect.arrayContaining(['archive.inquiry.fill', 'archive.inquiry.read']),
    );
  });

  it('400 for bad bodies: answers of the wrong kind, a visit of another case, page size, hours', async () => {
    const a = await doctorWithCase();
    const other = await newCase(t, a.token);
    const target = { templateId: a.templateId, caseId: a.caseId };
    const wrong = await call(t.app, 'POST', INQUIRY_PATHS.fill, a.token, {
      ...target,
      answers: { insomnia: 'maybe', severity: 9, tongue: 'not-a-file' },
    });
    expect(wrong.body.data.problems).toEqual([
      { question: 'insomnia', problem: 'option' },
      { question: 'severity', problem: 'range' },
      { question: 'tongue', problem: 'type' },
    ]);
    const visit = await call(t.app, 'POST', INQUIRY_PATHS.send, a.token, {
      templateId: a.templateId,
      caseId: other,
      visitId: a.visitId,
    });
    expect([visit.status, visit.body.code]).toEqual([400, INQUIRY_ERRORS.VISIT_NOT_IN_CASE.code]);
    for (const [url, body, field] of [
      [INQUIRY_PATHS.forms, { size: 50 }, /size/],
      [INQUIRY_PATHS.send, { ...target, hours: 0 }, /hours/],
      [INQUIRY_PATHS.fill, { ...target, answers: { x: { nested: 1 } } }, /answers/],
      [INQUIRY_PATHS.fill, { ...target, templateId: 'constitution' }, /templateId/],
    ] as Array<[string, unknown, RegExp]>) {
      const r = await call(t.app, 'POST', url, a.token, body);
      expect([url, r.status, r.body.code]).toEqual([url, 400, 2000400]);
      expect(refusedFields(r.body)).toMatch(field);
    }
  });

  it("403 for another doctor's case and form; a shared group's doctor may fill", async () => {
    const a = await doctorWithCase('Dr A');
    const b = await doctorWithCase('Dr B');
    const fill = { templateId: b.templateId, caseId: a.caseId, answers: { insomnia: 'no' } };
    const r = await call(t.app, 'POST', INQUIRY_PATHS.fill, b.token, fill);
    expect([r.status, r.body.code]).toEqual([403, ARCHIVE_ERRORS.CASE_FORBIDDEN.code]);
    const list = await call(t.app, 'POST', INQUIRY_PATHS.forms, b.token, { caseId: a.caseId });
    expect([list.status, list.body.code]).toEqual([403, ARCHIVE_ERRORS.CASE_FORBIDDEN.code]);
    const own = await call(t.app, 'POST', INQUIRY_PATHS.fill, a.token, { ...fill, templateId: a.templateId });
    const read = await call(t.app, 'GET', INQUIRY_PATHS.form(own.body.data.id), b.token);
    expect([read.status, read.body.code]).toEqual([403, INQUIRY_ERRORS.FORM_FORBIDDEN.code]);
    // B's list does not show A's forms.
    const bList = await call(t.app, 'POST', INQUIRY_PATHS.forms, b.token, {});
    expect(bList.body.data.list.some((f: { caseId: string }) => f.caseId === a.caseId)).toBe(false);

    const g = await call(t.app, 'POST', ARCHIVE_PATHS.addGroup, a.token, {
      name: 'team',
      shareWith: [b.user.loginName],
    });
    await call(t.app, 'POST', ARCHIVE_PATHS.joinGroups, a.token, { ids: [a.caseId], groupId: g.body.data.id });
    expect((await call(t.app, 'POST', INQUIRY_PATHS.fill, b.token, fill)).status).toBe(200);
    expect((await call(t.app, 'GET', INQUIRY_PATHS.form(own.body.data.id), b.token)).status).toBe(200);
  });
});

describe('inquiry: one-time patient link', () => {
  it('opens without an account, takes one submission, refuses the second with its own code', async () => {
    const a = await doctorWithCase();
    const sent = await call(t.app, 'POST', INQUIRY_PATHS.send, a.token, { templateId: a.templateId, caseId: a.caseId });
    expect(sent.status).toBe(200);
    const { token, path, form } = sent.body.data;
    expect(path).toBe(`/inquiry/${token}`);
    expect(form).toMatchObject({ mode: 'link', status: 'pending', visitId: a.visitId });

    const open = await call(t.app, 'GET', INQUIRY_PATHS.open(token));
    expect(open.status).toBe(200);
    expect(open.body.data).toMatchObject({ templateName: '睡眠问诊', patientInitial: '张', sex: 'female' });
    expect(JSON.stringify(open.body.data)).not.toContain('13800138000');

    const missing = await call(t.app, 'POST', INQUIRY_PATHS.submit(token), undefined, {
      answers: { insomnia: 'yes' },
      language: 'en',
    });
    expect([missing.status, missing.body.code, missing.body.msg]).toEqual([
      400,
      INQUIRY_ERRORS.ANSWERS_INVALID.code,
      INQUIRY_ERRORS.ANSWERS_INVALID.en,
    ]);
    const answers = { insomnia: 'yes', nights: 2, severity: 1 };
    const ok = await call(t.app, 'POST', INQUIRY_PATHS.submit(token), undefined, { answers });
    expect([ok.status, ok.body.data]).toEqual([200, { submitted: true }]);
    const again = await call(t.app, 'POST', INQUIRY_PATHS.submit(token), undefined, { answers, language: 'en' });
    expect([again.status, again.body.code, again.body.msg]).toEqual([
      409,
      INQUIRY_ERRORS.LINK_USED.code,
      INQUIRY_ERRORS.LINK_USED.en,
    ]);
    expect((await call(t.app, 'GET', INQUIRY_PATHS.open(token))).body.code).toBe(INQUIRY_ERRORS.LINK_USED.code);

    // 2×1 + 2×0.5 + 1×2 = 5 → mild
    const list = await call(t.app, 'POST', INQUIRY_PATHS.forms, a.token, { caseId: a.caseId });
    expect(list.body.data.list[0]).toMatchObject({ status: 'submitted', scoreText: { en: 'Sleep score 5 (mild)' } });
    const trail = await auditTrail(t.database.db, a.caseId);
    expect(trail.some((x) => x.action === 'archive.inquiry.submit' && x.actorUserId === null)).toBe(true);
  });

  it('answers 404 for an unknown token, 410 once expired, 400 for a malformed one', async () => {
    const a = await doctorWithCase();
    const sent = await call(t.app, 'POST', INQUIRY_PATHS.send, a.token, {
      templateId: a.templateId,
      caseId: a.caseId,
      hours: 1,
    });
    const unknown = await call(t.app, 'GET', INQUIRY_PATHS.open('A'.repeat(43)));
    expect([unknown.status, unknown.body.code]).toEqual([404, INQUIRY_ERRORS.LINK_NOT_FOUND.code]);
    expect((await call(t.app, 'GET', INQUIRY_PATHS.open('short'))).status).toBe(400);
    await t.database.db
      .update(inquiryForms)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(inquiryForms.id, sent.body.data.form.id));
    const expired = await call(t.app, 'POST', INQUIRY_PATHS.submit(sent.body.data.token), undefined, {
      answers: { insomnia: 'no' },
    });
    expect([expired.status, expired.body.code]).toEqual([410, INQUIRY_ERRORS.LINK_EXPIRED.code]);
    const list = await call(t.app, 'POST', INQUIRY_PATHS.forms, a.token, { caseId: a.caseId, status: 'expired' });
    expect(list.body.data.list.map((f: { id: string }) => f.id)).toEqual([sent.body.data.form.id]);
  });

  it('scores the constitution questionnaire with the engine, as computed by hand', async () => {
    const a = await doctorWithCase('Dr C', { sex: 'male' });
    const sent = await call(t.app, 'POST', INQUIRY_PATHS.send, a.token, {
      templateId: CONSTITUTION_TEMPLATE_ID,
      caseId: a.caseId,
    });
    const open = await call(t.app, 'GET', INQUIRY_PATHS.open(sent.body.data.token));
    const questions = open.body.data.definition.sections.flatMap(
      (s: { questions: unknown[] }) => s.questions,
    ) as Array<{
      id: string;
      sex?: string;
    }>;
    const asked = questions.filter((q) => !q.sex || q.sex === 'male');
    expect(asked).toHaveLength(60);
    // Every answer 3 ("sometimes"): each scale's raw sum is 3n (a reverse item scores 6 - 3 = 3),
    // so every transformed score is (3n - n) / 4n × 100 = 50: the eight biased types are 是 (≥ 40)
    // and 平和质 is 否 (it needs every biased type below 30).
    const answers = Object.fromEntries(asked.map((q) => [q.id, 3]));
    const ok = await call(t.app, 'POST', INQUIRY_PATHS.submit(sent.body.data.token), undefined, { answers });
    expect(ok.status).toBe(200);
    const d = await call(t.app, 'GET', INQUIRY_PATHS.form(sent.body.data.form.id), a.token);
    const result = d.body.data.score.result;
    expect(result.scales.map((s: { code: string; transformed: number }) => [s.code, s.transformed])).toEqual(
      SCALES.map((s) => [s.code, 50]),
    );
    expect(result.summary.balanced).toBe('no');
    expect([...result.summary.types].sort()).toEqual(['B', 'C', 'D', 'E', 'F', 'G', 'H', 'I']);
    expect(d.body.data.scoreText).toEqual(result.summary.text);
  });
});
