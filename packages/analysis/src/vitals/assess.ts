import type { IndicatorAssessment, VitalsRiskLevel, Sex, Vitals, VitalsIndicator } from '@tcm/contract';
import { type Band, bandFor, bandsOf, indicator } from './reference-table.js';

const LEVEL_RANK: Record<VitalsRiskLevel, number> = { low: 0, medium: 1, high: 2 };

/** The higher of two risk levels. */
export const worseLevel = (a: VitalsRiskLevel, b: VitalsRiskLevel): VitalsRiskLevel =>
  LEVEL_RANK[a] >= LEVEL_RANK[b] ? a : b;

/** BMI in kg/m² from height (cm) and weight (kg), rounded to 0.1 as printed on a report (and classified so). */
export function bmiOf(heightCm: number, weightKg: number): number {
  const m = heightCm / 100;
  return Math.round((weightKg / (m * m)) * 10) / 10;
}

function fromBand(
  id: VitalsIndicator,
  tableId: string,
  value: number,
  inputs: Record<string, number>,
  band: Band,
  sex?: Sex,
  sexNote = false,
): IndicatorAssessment {
  const def = indicator(tableId);
  const unknownSex = sexNote && !sex;
  return {
    indicator: id,
    name: { zh: def.zh, en: def.en },
    value,
    inputs,
    unit: def.unit,
    band: band.code,
    level: band.level,
    reason: {
      zh: `${def.zh} ${value} ${def.unit}：${band.zh}（参考 ${def.reference.zh}${unknownSex ? '；性别未知，按女性上限' : ''}）`,
      en: `${def.en} ${value} ${def.unit}: ${band.en} (reference ${def.reference.en}${unknownSex ? '; sex unknown, women’s limit used' : ''})`,
    },
    reference: def.reference,
    source: def.source,
  };
}

function single(id: VitalsIndicator, value: number | undefined, sex?: Sex): IndicatorAssessment[] {
  if (value === undefined) return [];
  const def = indicator(id);
  return [fromBand(id, id, value, { [id]: value }, bandFor(bandsOf(def, sex), value), sex, !!def.bandsBySex)];
}

/** Blood pressure: each pressure is banded on its own and the worse one decides (guideline "and/or" rule). */
function bloodPressure(v: Vitals): IndicatorAssessment[] {
  if (v.systolic === undefined || v.diastolic === undefined) return [];
  const sDef = indicator('systolic');
  const dDef = indicator('diastolic');
  const s = bandFor(sDef.bands!, v.systolic);
  const d = bandFor(dDef.bands!, v.diastolic);
  const worse = LEVEL_RANK[d.level] > LEVEL_RANK[s.level] ? d : s;
  return [
    {
      indicator: 'bloodPressure',
      name: { zh: '血压', en: 'Blood pressure' },
      value: v.systolic,
      inputs: { systolic: v.systolic, diastolic: v.diastolic },
      unit: 'mmHg',
      band: worse.code,
      level: worse.level,
      reason: {
        zh: `血压 ${v.systolic}/${v.diastolic} mmHg：${s.zh}，${d.zh}（参考 <120/80 mmHg）`,
        en: `Blood pressure ${v.systolic}/${v.diastolic} mmHg: ${s.en}, ${d.en} (reference <120/80 mmHg)`,
      },
      reference: { zh: '90–119 / 60–79 mmHg', en: '90–119 / 60–79 mmHg' },
      source: sDef.source,
    },
  ];
}

/** Every indicator that can be judged from the measurements, each with its level and reason. */
export function assessIndicators(v: Vitals, sex?: Sex): IndicatorAssessment[] {
  const bmi =
    v.heightCm !== undefined && v.weightKg !== undefined
      ? (() => {
          const value = bmiOf(v.heightCm, v.weightKg);
          return [
            fromBand(
              'bmi',
              'bmi',
              value,
              { heightCm: v.heightCm, weightKg: v.weightKg },
              bandFor(indicator('bmi').bands!, value),
            ),
          ];
        })()
      : [];
  return [
    ...bmi,
    ...bloodPressure(v),
    ...single('pulseRate', v.pulseRate),
    ...single('heartRate', v.heartRate),
    ...single('spo2', v.spo2),
    ...single('glucose', v.glucose),
    ...single('tg', v.tg),
    ...single('tc', v.tc),
    ...single('hdl', v.hdl),
    ...single('ldl', v.ldl),
    ...single('uricAcid', v.uricAcid, sex),
  ];
}
