import { describe, expect, it } from 'vitest';
import { evidenceLine, ruleText } from './evidence-labels.js';

describe('evidence for people', () => {
  it('names the measure, gives value and unit, and the rule in the reader language', () => {
    const e = { measure: 'jitterLocalPct', value: 1.523, rule: '> 1.04' };
    expect(evidenceLine(e, 'zh')).toBe('基频微扰 1.52%（规则 > 1.04）');
    expect(evidenceLine(e, 'en')).toBe('jitter 1.52% (rule > 1.04)');
    expect(evidenceLine({ measure: 'medianRateBpm', value: 52, rule: '< 60 slow, > 90 rapid' }, 'zh')).toBe(
      '脉率 52 bpm（规则 < 60 为迟, > 90 为数）',
    );
    expect(evidenceLine({ measure: 'somethingNew', value: null, rule: '> 1' }, 'en')).toBe('somethingNew — (rule > 1)');
  });

  it('translates the words of color rules and leaves the formulas', () => {
    expect(ruleText('a* >= 17, or a* >= 14 and hue < 45°', 'zh')).toBe('a* >= 17；或 a* >= 14 且 色相角 < 45°');
    expect(ruleText('L* >= 68 and C* < 16 and a* < 10', 'zh')).toBe('L* >= 68 且 C* < 16 且 a* < 10');
    expect(ruleText('no rule held', 'zh')).toBe('各条偏色规则均不成立（常色）');
    expect(ruleText('a* < 6 and hue >= 75°', 'en')).toBe('a* < 6 and hue >= 75°');
  });
});

describe('failure texts by code', () => {
  it('finds an engine failure in either language and knows when it does not know', async () => {
    const { failureText, TONGUE_ERRORS } = await import('./index.js');
    const code = TONGUE_ERRORS.TONGUE_NOT_FOUND.code;
    expect(failureText(code, 'zh')).toMatch(/^照片中未检测到舌头。/);
    expect(failureText(code, 'en')).toMatch(/^No tongue was found in the photo\. /);
    expect(failureText(1, 'en')).toBeUndefined();
  });
});

describe('named evidence values', () => {
  it('names every evidence key the tongue and face engines write', async () => {
    const { EVIDENCE_MEASURES, evidencePairs } = await import('./evidence-labels.js');
    expect(evidencePairs({ body_L_p50: 52.345, coverage: 0.41, hueDeg: 61.2 }, 'zh')).toBe(
      '舌质 L* 52.35 · 舌苔覆盖率 0.41 · 色相角 61.2°',
    );
    expect(evidencePairs({ body_L_p50: 52.345 }, 'en')).toBe('body L* 52.35');
    for (const v of Object.values(EVIDENCE_MEASURES)) expect(v.zh && v.en).toBeTruthy();
  });
});
