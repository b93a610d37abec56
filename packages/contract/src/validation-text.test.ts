import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.js';
import { describeZodError, fieldMessages, type IssueLike } from './validation-text.js';

// Issue 32 item 2: every schema of the contract (each form's and each request body's among them)
// is fed wrong values field by field, and every issue it raises must read as words for people in
// zh and en: no regex, no field path, no zod code and no English validator wording in zh.

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The `max(n)` of an array schema, read from its checks. */
function maxLengthOf(s: z.ZodType): number | null {
  const checks = (defOf(s).checks ?? []) as { _zod: { def: { check: string; maximum?: number } } }[];
  const max = checks.find((c) => c._zod.def.check === 'max_length');
  return max?._zod.def.maximum ?? null;
}

/** Wrong values for one field (type, emptiness, length, range, format, choice). */
function badValues(s: z.ZodType, depth: number): unknown[] {
  const def = defOf(s);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return badValues(def.innerType as z.ZodType, depth);
    case 'pipe':
      return badValues(def.in as z.ZodType, depth);
    case 'lazy':
      return depth > 0 ? badValues((def.getter as () => z.ZodType)(), depth - 1) : [];
    case 'string': {
      const max = (s as z.ZodString).maxLength;
      return [123, '', '   ', '!!?/\\', ...(max !== null && max < 100_000 ? ['x'.repeat(max + 1)] : [])];
    }
    case 'number':
      return ['abc', -1e9, 1e9, 1.5, Number.NaN];
    case 'boolean':
      return ['yes'];
    case 'enum':
    case 'literal':
      return ['__nope__', 7];
    case 'date':
      return ['yesterday'];
    case 'array': {
      const el = def.element as z.ZodType;
      return [
        'x',
        [],
        ...(maxLengthOf(s) !== null && maxLengthOf(s)! < 2000
          ? [Array.from({ length: maxLengthOf(s)! + 1 }, () => 'x')]
          : []),
        ...badValues(el, depth)
          .slice(0, 3)
          .map((v) => [v]),
      ];
    }
    case 'object':
      return depth > 0 ? ['x', ...objectProbes(s, depth - 1)] : ['x', {}];
    case 'record':
      return ['x', { ['k'.repeat(60)]: {} }, { a: 'x' }];
    case 'union':
      return [{}, 123, 'x', ...(def.options as z.ZodType[]).flatMap((o) => badValues(o, depth - 1)).slice(0, 6)];
    default:
      return ['x', 42];
  }
}

/** Objects with one field wrong at a time, and the object with nothing in it. */
function objectProbes(s: z.ZodType, depth: number): unknown[] {
  const def = defOf(s);
  if (def.type !== 'object') return badValues(s, depth);
  const shape = def.shape as Record<string, z.ZodType>;
  const probes: unknown[] = [{}, null, 'x'];
  for (const [key, field] of Object.entries(shape))
    for (const bad of badValues(field, depth)) probes.push({ [key]: bad });
  return probes;
}

const schemas = (Object.entries(contract) as [string, unknown][]).filter(
  (e): e is [string, z.ZodType] => e[1] instanceof z.ZodType,
);

/** Zod's own English phrases and issue codes. */
const ZOD_WORDING =
  /Invalid input|Too small|Too big|expected |received|Unrecognized key|Invalid (string|option|element|key)|too_small|too_big|invalid_[a-z]+|unrecognized_keys|not_multiple_of|custom\b/;
const REGEX_TEXT = /\/\^|\$\/|\\d|\[0-9|\{\d+,\d+\}/;

function problemsOf(issue: IssueLike & { message: string }, zh: string, en: string): string[] {
  const out: string[] = [];
  if (/[A-Za-z]/.test(zh)) out.push(`zh has Latin letters: ${zh}`);
  for (const [lang, text] of [
    ['zh', zh],
    ['en', en],
  ] as const) {
    if (!text.trim()) out.push(`${lang} empty`);
    if (ZOD_WORDING.test(text)) out.push(`${lang} zod wording: ${text}`);
    if (REGEX_TEXT.test(text)) out.push(`${lang} regex: ${text}`);
    const path = issue.path.map(String).join('.');
    if (issue.path.length > 1 && text.includes(path)) out.push(`${lang} path ${path}: ${text}`);
    // A field's key as code writes it (birthDate, params.scene) never shows, nor the schema's own
    // message (a regex hint such as 'phone number' or 'scene code') unless the rule words itself.
    for (const key of issue.path)
      if (typeof key === 'string' && /[a-z][A-Z]|\./.test(key) && text.includes(key)) out.push(`${lang} key ${key}`);
    const own = issue.code === 'custom' && typeof issue.params?.en === 'string';
    if (!own && issue.message.length > 3 && text.includes(issue.message)) out.push(`${lang} raw "${issue.message}"`);
  }
  return out;
}

describe('validation messages for people (issue 32)', () => {
  it('walks every contract schema and words each issue in zh and en without raw text', () => {
    expect(schemas.length).toBeGreaterThan(200);
    const problems = new Set<string>();
    let issues = 0;
    for (const [name, schema] of schemas) {
      for (const probe of objectProbes(schema, 2)) {
        const r = schema.safeParse(probe);
        if (r.success) continue;
        for (const issue of r.error.issues as unknown as (IssueLike & { message: string })[]) {
          issues++;
          const [zh] = fieldMessages([issue], 'zh', probe);
          const [en] = fieldMessages([issue], 'en', probe);
          for (const p of problemsOf(issue, `${zh!.label ?? ''} ${zh!.message}`, `${en!.label ?? ''} ${en!.message}`))
            problems.add(`${name}: ${p}`);
        }
      }
    }
    expect(issues).toBeGreaterThan(5000);
    expect([...problems].slice(0, 20)).toEqual([]);
  }, 120_000);

  it('words the issues measured in issue 32 for a clinician', () => {
    const phone = contract.caseAddBody.safeParse({ name: 'A', sex: 'female', birthDate: '1980-01-01', phone: 'abc' });
    expect(phone.success).toBe(false);
    const zh = describeZodError(phone.error!, 'zh').summary;
    expect(zh).toBe('请输入正确的电话号码（5 到 20 位数字，可含空格、短横线或开头的 +）');
    const name = contract.templateBody.safeParse({ name: '', definition: { sections: [] } });
    expect(describeZodError(name.error!, 'zh', { name: '' }).summary).toBe('名称：不能为空；分节：至少填写或选择一项');
    expect(describeZodError(name.error!, 'en', { name: '' }).summary).toBe(
      'Name: This field is required; Sections: Add or choose at least one',
    );
    const scene = z.object({ scene: contract.sceneCodeSchema }).safeParse({ scene: 'short' });
    expect(describeZodError(scene.error!, 'zh').summary).toBe('二维码无效或已过期，请重新扫码');
  });

  it('tells a missing value from one of the wrong kind', () => {
    const s = z.object({ heartRate: z.number() });
    const missing = s.safeParse({});
    expect(describeZodError(missing.error!, 'en', {}).summary).toBe('Heart rate: This field is required');
    const wrong = s.safeParse({ heartRate: 'fast' });
    expect(describeZodError(wrong.error!, 'zh', { heartRate: 'fast' }).summary).toBe('心率：请输入数字');
  });
});

describe('cross-field rules of the form schemas (issue 32)', () => {
  const patient = { name: '张三', sex: 'female', birthDate: '1980-05-01', phone: '13800000000' };
  const zhOf = (r: { success: boolean; error?: z.ZodError }, input: unknown) =>
    describeZodError(r.error!, 'zh', input).fields.map((f) => `${f.path.join('.')}=${f.message}`);

  it('refuses a birth date in the future, an age over 120 and a day that does not exist', () => {
    expect(contract.caseAddBody.safeParse(patient).success).toBe(true);
    const future = { ...patient, birthDate: '2090-01-01' };
    expect(zhOf(contract.caseAddBody.safeParse(future), future)).toEqual(['birthDate=出生日期不能晚于今天']);
    const old = { ...patient, birthDate: '1890-01-01' };
    expect(zhOf(contract.caseAddBody.safeParse(old), old)).toEqual(['birthDate=年龄不能超过 120 岁，请核对出生日期']);
    const feb30 = { ...patient, birthDate: '1990-02-30' };
    expect(contract.caseAddBody.safeParse(feb30).success).toBe(false);
    expect(contract.ageOn('1980-05-01', '2026-04-30')).toBe(45);
    expect(contract.ageOn('1980-05-01', '2026-05-01')).toBe(46);
  });

  it('refuses pregnancy for a male patient, on add and on an update naming both', () => {
    const male = { ...patient, sex: 'male', pregnant: true };
    expect(zhOf(contract.caseAddBody.safeParse(male), male)).toEqual(['pregnant=只有女性患者可以标记为妊娠']);
    expect(contract.caseUpdateBody.safeParse({ sex: 'male', pregnant: true }).success).toBe(false);
    expect(contract.caseUpdateBody.safeParse({ sex: 'female', pregnant: true }).success).toBe(true);
  });

  it('refuses an empty four-diagnosis form', () => {
    const ids = { templateId: contract.CONSTITUTION_TEMPLATE_ID, caseId: crypto.randomUUID() };
    for (const answers of [{}, { q1: null, q2: '  ', q3: [] }]) {
      const r = contract.fillBody.safeParse({ ...ids, answers });
      expect(zhOf(r, { answers })).toEqual(['answers=问诊单还没有任何回答，不能提交']);
      expect(contract.submitBody.safeParse({ answers }).success).toBe(false);
    }
    expect(contract.fillBody.safeParse({ ...ids, answers: { q1: 0 } }).success).toBe(true);
  });

  it('names every implausible vital at once', () => {
    const problems = contract.vitalsProblems({ heartRate: 400, spo2: 120, systolic: 80, diastolic: 90, heightCm: 170 });
    expect(problems.map((p) => [p.field, p.error.code])).toEqual([
      ['heartRate', 3520003],
      ['spo2', 3520003],
      ['systolic', 3520004],
    ]);
    expect(contract.vitalsProblems({ systolic: 120, diastolic: 80 })).toEqual([]);
  });
});
