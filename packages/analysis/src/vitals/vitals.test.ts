import { describe, expect, it } from 'vitest';
import { VITALS_ERRORS, vitalsResultSchema, type Vitals } from '@tcm/contract';
import { engineErrorOf } from '../constitution/engine-error-of.js';
import { assessIndicators, assessVitals, bmiOf } from './index.js';

const level = (v: Vitals, sex?: 'female' | 'male') =>
  assessIndicators(v, sex).map((i) => `${i.indicator}:${i.band}:${i.level}`);

describe('reference table edges (tcm-diagnosis.md §6)', () => {
  it('BMI: 18.5-23.9 normal, 24-27.9 overweight, >=28 obese, from height and weight', () => {
    expect(bmiOf(170, 69.2)).toBe(23.9);
    expect(bmiOf(170, 69.4)).toBe(24);
    const bmi = (h: number, w: number) => level({ heightCm: h, weightKg: w })[0];
    expect(bmi(170, 53.2)).toBe('bmi:underweight:medium'); // 18.4
    expect(bmi(170, 53.5)).toBe('bmi:normal:low'); // 18.5
    expect(bmi(170, 69.2)).toBe('bmi:normal:low'); // 23.9
    expect(bmi(170, 69.4)).toBe('bmi:overweight:medium'); // 24.0
    expect(bmi(170, 80.7)).toBe('bmi:overweight:medium'); // 27.9
    expect(bmi(170, 81)).toBe('bmi:obese:high'); // 28.0
  });

  it('blood pressure: <120/80 normal, 120-139/80-89 high-normal, >=140/90 high, the worse pressure decides', () => {
    const bp = (s: number, d: number) => level({ systolic: s, diastolic: d })[0];
    expect(bp(119, 79)).toBe('bloodPressure:normal:low');
    expect(bp(120, 79)).toBe('bloodPressure:high_normal:medium');
    expect(bp(119, 80)).toBe('bloodPressure:high_normal:medium');
    expect(bp(139, 89)).toBe('bloodPressure:high_normal:medium');
    expect(bp(140, 70)).toBe('bloodPressure:high:high');
    expect(bp(130, 90)).toBe('bloodPressure:high:high');
    expect(bp(89, 59)).toBe('bloodPressure:low:medium');
  });

  it('heart and pulse rate: 60-100 normal', () => {
    expect(level({ heartRate: 59.9 })).toEqual(['heartRate:slow:medium']);
    expect(level({ heartRate: 60 })).toEqual(['heartRate:normal:low']);
    expect(level({ heartRate: 100 })).toEqual(['heartRate:normal:low']);
    expect(level({ heartRate: 101 })).toEqual(['heartRate:fast:medium']);
    expect(level({ pulseRate: 120 })).toEqual(['pulseRate:very_fast:high']);
    expect(level({ pulseRate: 39 })).toEqual(['pulseRate:very_slow:high']);
  });

  it('SpO2 >= 95 normal, below 90 high', () => {
    expect(level({ spo2: 95 })).toEqual(['spo2:normal:low']);
    expect(level({ spo2: 94.9 })).toEqual(['spo2:low:medium']);
    expect(level({ spo2: 89.9 })).toEqual(['spo2:very_low:high']);
  });

  it('fasting glucose 3.9-6.0 normal, 6.1-6.9 impaired, >= 7.0 diabetic range', () => {
    expect(level({ glucose: 3.8 })).toEqual(['glucose:low:medium']);
    expect(level({ glucose: 3.9 })).toEqual(['glucose:normal:low']);
    expect(level({ glucose: 6.0 })).toEqual(['glucose:normal:low']);
    expect(level({ glucose: 6.1 })).toEqual(['glucose:impaired:medium']);
    expect(level({ glucose: 6.9 })).toEqual(['glucose:impaired:medium']);
    expect(level({ glucose: 7.0 })).toEqual(['glucose:diabetic:high']);
  });

  it('lipids: TG < 1.7, TC < 5.2, LDL < 3.4, HDL >= 1.0', () => {
    expect(level({ tg: 1.69, tc: 5.19, ldl: 3.39, hdl: 1.0 })).toEqual([
      'tg:normal:low',
      'tc:normal:low',
      'hdl:normal:low',
      'ldl:normal:low',
    ]);
    expect(level({ tg: 1.7, tc: 5.2, ldl: 3.4, hdl: 0.99 })).toEqual([
      'tg:borderline:medium',
      'tc:borderline:medium',
      'hdl:low:medium',
      'ldl:borderline:medium',
    ]);
    expect(level({ tg: 2.3, tc: 6.2, ldl: 4.1 })).toEqual(['tg:high:high', 'tc:high:high', 'ldl:high:high']);
  });

  it('uric acid by sex: men <= 420, women <= 360; unknown sex uses the women’s limit and says so', () => {
    expect(level({ uricAcid: 420 }, 'male')).toEqual(['uricAcid:normal:low']);
    expect(level({ uricAcid: 421 }, 'male')).toEqual(['uricAcid:high:medium']);
    expect(level({ uricAcid: 360 }, 'female')).toEqual(['uricAcid:normal:low']);
    expect(level({ uricAcid: 361 }, 'female')).toEqual(['uricAcid:high:medium']);
    expect(level({ uricAcid: 540 }, 'female')).toEqual(['uricAcid:very_high:high']);
    const r = assessVitals({ vitals: { uricAcid: 400 } });
    expect(r.indicators[0]).toMatchObject({ band: 'high', level: 'medium' });
    expect(r.indicators[0]!.reason.en).toContain('sex unknown');
    expect(r.notes[0]!.en).toContain('360');
  });
});

describe('implausible and malformed input is rejected with the field named', () => {
  it.each([
    [{ vitals: { weightKg: 0 } }, VITALS_ERRORS.VITALS_IMPLAUSIBLE.code, 'vitals.weightKg'],
    [{ vitals: { heightCm: -170 } }, VITALS_ERRORS.VITALS_IMPLAUSIBLE.code, 'vitals.heightCm'],
    [{ vitals: { spo2: 101 } }, VITALS_ERRORS.VITALS_IMPLAUSIBLE.code, 'vitals.spo2'],
    [
      { vitals: { systolic: 80, diastolic: 90 } },
      VITALS_ERRORS.VITALS_SYSTOLIC_NOT_ABOVE_DIASTOLIC.code,
      'vitals.systolic',
    ],
    [
      { vitals: { systolic: 90, diastolic: 90 } },
      VITALS_ERRORS.VITALS_SYSTOLIC_NOT_ABOVE_DIASTOLIC.code,
      'vitals.systolic',
    ],
    [{ vitals: { tc: 4, ldl: 4.5 } }, VITALS_ERRORS.VITALS_LIPIDS_INCONSISTENT.code, 'vitals.ldl'],
    [{ vitals: { glucose: '5.1' } }, VITALS_ERRORS.VITALS_NOT_A_NUMBER.code, 'vitals.glucose'],
    [{ vitals: { heartRate: Number.NaN } }, VITALS_ERRORS.VITALS_NOT_A_NUMBER.code, 'vitals.heartRate'],
    [{ vitals: { bloodSugar: 5 } }, VITALS_ERRORS.VITALS_UNKNOWN_FIELD.code, 'vitals.bloodSugar'],
    [
      {
        vitals: {},
        history: [
          { date: '2026-01-01', vitals: { weightKg: 60 } },
          { date: '2026-02-01', vitals: { weightKg: 0 } },
        ],
      },
      VITALS_ERRORS.VITALS_IMPLAUSIBLE.code,
      'history[1].vitals.weightKg',
    ],
    [
      { vitals: {}, history: [{ date: 'yesterday', vitals: {} }] },
      VITALS_ERRORS.VITALS_DATE_INVALID.code,
      'history[0].date',
    ],
    [{ sex: 'f', vitals: {} }, VITALS_ERRORS.VITALS_INPUT_INVALID.code, 'sex'],
    ['nope', VITALS_ERRORS.VITALS_INPUT_INVALID.code, 'input'],
  ])('%j', (input, code, field) => {
    const f = engineErrorOf(() => assessVitals(input));
    expect(f.code).toBe(code);
    expect(f.msg.endsWith(`: ${field}`)).toBe(true);
  });

  it('an empty record is no error: nothing measured, overall null', () => {
    expect(assessVitals({ vitals: {} })).toMatchObject({ indicators: [], overall: null, trends: [] });
  });
});

describe('trends against earlier records', () => {
  const input = {
    sex: 'male',
    date: '2026-11-20',
    vitals: { heightCm: 172, weightKg: 80, systolic: 142, diastolic: 88, glucose: 6.4, uricAcid: 450, heartRate: 72 },
    history: [
      // Given out of order on purpose: trends sort by date.
      {
        date: '2026-05-01',
        vitals: { heightCm: 172, weightKg: 76, systolic: 128, diastolic: 82, uricAcid: 470, heartRate: 74 },
      },
      { date: '2025-11-01', vitals: { heightCm: 172, weightKg: 70, systolic: 118, diastolic: 76, glucose: 5.6 } },
    ],
  };
  const result = assessVitals(input);
  const trend = (f: string) => result.trends.find((t) => t.field === f)!;

  it('validates against the contract schema and rates the worst indicator', () => {
    expect(vitalsResultSchema.parse(result)).toBeTruthy();
    expect(result.overall).toBe('high');
  });

  it('gives direction and change against the previous record and the first', () => {
    expect(trend('weightKg')).toMatchObject({
      change: 4,
      direction: 'up',
      changeSinceFirst: 10,
      assessment: 'not_rated',
    });
    expect(trend('weightKg').points.map((p) => p.date)).toEqual(['2025-11-01', '2026-05-01', '2026-11-20']);
    expect(trend('systolic')).toMatchObject({ change: 14, direction: 'up', assessment: 'worsening' });
    expect(trend('uricAcid')).toMatchObject({ change: -20, direction: 'down', assessment: 'improving' });
    expect(trend('glucose')).toMatchObject({ change: 0.8, changeSinceFirst: 0.8, assessment: 'worsening' });
    expect(trend('heartRate')).toMatchObject({ change: -2, direction: 'stable', assessment: 'steady' });
    expect(trend('bmi').changePercent).toBeCloseTo(5.1, 1);
  });

  it('leaves out a measure with fewer than two records', () => {
    expect(result.trends.find((t) => t.field === 'spo2')).toBeUndefined();
  });
});
