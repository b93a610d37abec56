import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSTITUTION_ERRORS, constitutionResultSchema } from '@tcm/contract';
import { engineErrorOf } from './engine-error-of.js';
import { questionsFor, scoreConstitution } from './index.js';
import { answersFromRows, parseWorkedExamples } from './scoring-examples.js';

const domain = (f: string) => new URL(`../../../../../shared/domain/${f}`, import.meta.url);
const examples = parseWorkedExamples(readFileSync(domain('scoring.md'), 'utf8'));
const VERDICT = { 是: 'yes', 基本是: 'basically_yes', 倾向是: 'tendency', 否: 'no' } as const;

describe('scoring.md worked examples', () => {
  it('parses the three examples of the domain notes', () => {
    expect(examples.map((e) => e.sex)).toEqual(['male', 'female', 'male']);
    for (const e of examples) expect(e.rows.map((r) => r.code).join('')).toBe('ABCDEFGHI');
  });

  for (const example of examples) {
    it(`${example.title}: raw, transformed and verdict of every scale`, () => {
      const result = scoreConstitution({ sex: example.sex, answers: answersFromRows(example.sex, example.rows) });
      expect(constitutionResultSchema.parse(result)).toBeTruthy();
      for (const row of example.rows) {
        const scale = result.scales.find((s) => s.code === row.code)!;
        expect(scale.raw, row.code).toBe(row.raw);
        expect(scale.n, row.code).toBe(row.n);
        expect(scale.transformed, row.code).toBeCloseTo(row.transformed, 3);
        expect(scale.verdict, row.code).toBe(VERDICT[row.verdict as keyof typeof VERDICT]);
      }
    });
  }

  it('states each example result as scoring.md does', () => {
    const [ex1, ex2, ex3] = examples.map(
      (e) => scoreConstitution({ sex: e.sex, answers: answersFromRows(e.sex, e.rows) }).summary,
    );
    expect(ex1).toMatchObject({ balanced: 'yes', types: [], tendencies: [], text: { zh: '平和质' } });
    expect(ex2).toMatchObject({
      balanced: 'no',
      types: ['B'],
      tendencies: ['C'],
      text: { zh: '是气虚质，有阳虚质倾向' },
    });
    // 痰湿 59.375 > 湿热 58.33: listed highest first; 血瘀 39.2857 stays a tendency (not rounded up).
    expect(ex3).toMatchObject({
      balanced: 'no',
      types: ['E', 'F'],
      tendencies: ['G'],
      text: { zh: '是痰湿质、湿热质，有血瘀质倾向' },
    });
  });

  it('reverse-scores A2 A3 A4 A5 A7 A8 only inside 平和质 and reuses shared answers', () => {
    const ex = examples[1]!;
    const result = scoreConstitution({ sex: ex.sex, answers: answersFromRows(ex.sex, ex.rows) });
    const a = result.scales[0]!.items;
    expect(a.filter((i) => i.reverse).map((i) => i.id)).toEqual(['A2', 'A3', 'A4', 'A5', 'A7', 'A8']);
    expect(a.find((i) => i.id === 'A2')).toMatchObject({ answer: 4, scored: 2 });
    expect(result.scales[1]!.items.find((i) => i.id === 'B1')).toMatchObject({
      answer: 4,
      scored: 4,
      answeredAs: 'A2',
    });
  });
});

describe('questionnaire data', () => {
  it('asks 60 distinct questions per respondent, shared ones once, with zh and en texts', () => {
    for (const sex of ['female', 'male'] as const) {
      const qs = questionsFor(sex);
      expect(qs).toHaveLength(60);
      expect(qs.filter((q) => q.scales.length === 2).map((q) => q.id)).toEqual(['A2', 'A3', 'A4', 'A5', 'A8', 'B5']);
      expect(qs.every((q) => q.text.zh && q.text.en)).toBe(true);
      expect(qs.map((q) => q.id)).toContain(sex === 'female' ? 'F6f' : 'F6m');
      expect(qs.map((q) => q.id)).not.toContain(sex === 'female' ? 'F6m' : 'F6f');
    }
  });
});

describe('answer validation', () => {
  const ex = examples[0]!;
  const good = () => answersFromRows(ex.sex, ex.rows);

  it('accepts a shared question given under only one of its ids', () => {
    const answers = good();
    for (const id of ['B1', 'B7', 'H1', 'C4', 'G6', 'C5']) delete answers[id];
    expect(scoreConstitution({ sex: 'male', answers }).scales[1]!.raw).toBe(10);
  });

  it('names every missing item', () => {
    const answers = good();
    delete answers.D3;
    delete answers.F6m;
    const err = engineErrorOf(() => scoreConstitution({ sex: 'male', answers }));
    expect(err.code).toBe(CONSTITUTION_ERRORS.CONSTITUTION_ANSWER_MISSING.code);
    expect(err.msg).toContain('D3');
    expect(err.detail).toMatchObject({ missing: ['D3', 'F6m'] });
  });

  it('rejects out-of-range and non-integer answers with the item named', () => {
    for (const bad of [0, 6, 2.5, '3', null, Number.NaN]) {
      const err = engineErrorOf(() => scoreConstitution({ sex: 'male', answers: { ...good(), E4: bad } }));
      expect(err.code).toBe(CONSTITUTION_ERRORS.CONSTITUTION_ANSWER_OUT_OF_RANGE.code);
      expect(err.msg).toMatch(/E4$/);
    }
  });

  it('rejects unknown items, the other sex item, conflicting shared answers, bad sex and bad shape', () => {
    expect(engineErrorOf(() => scoreConstitution({ sex: 'male', answers: { ...good(), Z9: 1 } })).code).toBe(3500005);
    expect(engineErrorOf(() => scoreConstitution({ sex: 'male', answers: { ...good(), F6f: 1 } })).code).toBe(3500007);
    const conflict = engineErrorOf(() => scoreConstitution({ sex: 'male', answers: { ...good(), A2: 1, B1: 4 } }));
    expect(conflict.code).toBe(3500006);
    expect(conflict.msg).toContain('A2/B1');
    expect(engineErrorOf(() => scoreConstitution({ sex: 'x', answers: good() })).code).toBe(3500002);
    expect(engineErrorOf(() => scoreConstitution({ sex: 'male' })).code).toBe(3500001);
    expect(engineErrorOf(() => scoreConstitution([1, 2])).code).toBe(3500001);
  });
});
