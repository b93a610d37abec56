import type { CodeableConcept, Encounter, Observation, Patient, Reference } from '@medplum/fhirtypes';
import {
  bilingualText,
  CONSTITUTION_TYPE_OF_CODE,
  doneResults,
  fhirCodeSystemUrl,
  TONGUE_FEATURE_WORDS,
  vocabularyWord,
  type EngineVersion,
  type FhirCodeSystemId,
  type RecordDetail,
  type VitalsField,
} from '@tcm/contract';
import { INTERPRETATION, LOINC, OBS_CATEGORY, UCUM } from './external-systems.js';

/**
 * A record's measurements and findings as FHIR R4 Observations (docs/fhir.md "Record export").
 * Vitals carry LOINC codes and UCUM units; engine findings our own code systems, each with the
 * engine and model version as its method.
 */

/** Every vitals field but the pressures (one blood-pressure panel): LOINC code, its name, UCUM unit. */
const VITALS_LOINC: Record<Exclude<VitalsField, 'systolic' | 'diastolic'>, [string, string, string, string]> = {
  heightCm: ['8302-2', 'Body height', 'cm', 'vital-signs'],
  weightKg: ['29463-7', 'Body weight', 'kg', 'vital-signs'],
  pulseRate: ['8893-0', 'Heart rate Peripheral artery by palpation', '/min', 'vital-signs'],
  heartRate: ['8867-4', 'Heart rate', '/min', 'vital-signs'],
  spo2: ['59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry', '%', 'vital-signs'],
  glucose: ['14771-0', 'Fasting glucose [Moles/volume] in Serum or Plasma', 'mmol/L', 'laboratory'],
  tg: ['14927-8', 'Triglyceride [Moles/volume] in Serum or Plasma', 'mmol/L', 'laboratory'],
  tc: ['14647-2', 'Cholesterol [Moles/volume] in Serum or Plasma', 'mmol/L', 'laboratory'],
  hdl: ['14646-4', 'Cholesterol in HDL [Moles/volume] in Serum or Plasma', 'mmol/L', 'laboratory'],
  ldl: ['22748-8', 'Cholesterol in LDL [Moles/volume] in Serum or Plasma', 'mmol/L', 'laboratory'],
  uricAcid: ['14933-6', 'Urate [Moles/volume] in Serum or Plasma', 'umol/L', 'laboratory'],
};

export interface ObservationContext {
  subject: Reference<Patient>;
  encounter: Reference<Encounter>;
  effective: string;
}

export interface SectionObservations {
  /** Composition section: the engine's key and its title. */
  key: 'vitals' | 'tongue' | 'face' | 'pulse' | 'voice' | 'constitution';
  title: string;
  observations: Observation[];
}

const coding = (system: FhirCodeSystemId, code: string, word: string): CodeableConcept => ({
  coding: [{ system: fhirCodeSystemUrl(system), code, display: word }],
});
const category = (code: string): CodeableConcept[] => [{ coding: [{ system: OBS_CATEGORY, code }] }];
const method = (v: EngineVersion): CodeableConcept => ({ text: v.model ? `${v.engine} (${v.model})` : v.engine });
/** Low risk reads normal; medium and high abnormal, the band's words saying how. */
const riskInterpretation = (level: string, text: string): CodeableConcept[] => [
  { coding: [{ system: INTERPRETATION, code: level === 'low' ? 'N' : 'A' }], text },
];

function base(ctx: ObservationContext, cat: string, code: CodeableConcept): Observation {
  return {
    resourceType: 'Observation',
    status: 'final',
    category: category(cat),
    code,
    subject: ctx.subject,
    encounter: ctx.encounter,
    effectiveDateTime: ctx.effective,
  };
}

function vitalsObservations(d: RecordDetail, ctx: ObservationContext): Observation[] {
  const v = d.vitals ?? {};
  const assessed = doneResults(d.results).vitals?.indicators ?? [];
  const interpretation = (indicator: string) => {
    const a = assessed.find((x) => x.indicator === indicator);
    return a ? { interpretation: riskInterpretation(a.level, a.reason.zh) } : {};
  };
  const out: Observation[] = [];
  for (const [field, [code, name, unit, cat]] of Object.entries(VITALS_LOINC)) {
    const value = v[field as VitalsField];
    if (value === undefined) continue;
    out.push({
      ...base(ctx, cat, { coding: [{ system: LOINC, code, display: name }] }),
      valueQuantity: { value, unit, system: UCUM, code: unit },
      ...interpretation(field),
    });
  }
  if (v.systolic !== undefined || v.diastolic !== undefined) {
    const part = (code: string, display: string, value: number | undefined) =>
      value === undefined ? [] : [{ code: { coding: [{ system: LOINC, code, display }] }, valueQuantity: mmHg(value) }];
    out.push({
      ...base(ctx, 'vital-signs', { coding: [{ system: LOINC, code: '85354-9', display: 'Blood pressure panel' }] }),
      component: [
        ...part('8480-6', 'Systolic blood pressure', v.systolic),
        ...part('8462-4', 'Diastolic blood pressure', v.diastolic),
      ],
      ...interpretation('bloodPressure'),
    });
  }
  return out;
}
const mmHg = (value: number) => ({ value, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' });

/** One coded finding: what was observed (a feature) and what was found (its label). */
function finding(
  ctx: ObservationContext,
  system: FhirCodeSystemId,
  feature: CodeableConcept,
  value: CodeableConcept,
  version: EngineVersion,
  note?: string,
): Observation {
  return {
    ...base(ctx, 'exam', feature),
    valueCodeableConcept: value,
    method: method(version),
    ...(note ? { interpretation: [{ text: note }] } : {}),
  };
}

function tongueObservations(d: RecordDetail, ctx: ObservationContext): Observation[] {
  const t = doneResults(d.results).tongue;
  if (!t) return [];
  return (Object.keys(TONGUE_FEATURE_WORDS) as Array<keyof typeof TONGUE_FEATURE_WORDS>).flatMap((f) => {
    const feature = t.features[f];
    const code = `${f}.${feature.label}`;
    const probability = feature.probabilities[feature.label as keyof typeof feature.probabilities];
    return [
      finding(
        ctx,
        'tcm-tongue',
        coding('tcm-tongue', f, vocabularyWord(`tongue.feature.${f}`, 'zh')),
        coding('tcm-tongue', code, vocabularyWord(`tongue.${code}`, 'zh')),
        t.version,
        probability === undefined ? undefined : `概率 ${Math.round(probability * 100)} %`,
      ),
    ];
  });
}

function faceObservations(d: RecordDetail, ctx: ObservationContext): Observation[] {
  const f = doneResults(d.results).face;
  if (!f) return [];
  const found: Array<[string, string, string]> = [
    ['complexion', 'complexion', f.complexion.class],
    ['gloss', 'gloss', f.gloss.class],
    ['lips', 'lips', f.lips.class],
    ['skinTone', 'skinTone', f.metrics.skinTone.category],
  ];
  return found.map(([feature, prefix, label]) =>
    finding(
      ctx,
      'tcm-face',
      coding('tcm-face', feature, vocabularyWord(`face.feature.${feature}`, 'zh')),
      coding('tcm-face', `${feature}.${label}`, vocabularyWord(`face.${prefix}.${label}`, 'zh')),
      f.version,
    ),
  );
}

function pulseObservations(d: RecordDetail, ctx: ObservationContext): Observation[] {
  const p = doneResults(d.results).pulse;
  if (!p) return [];
  const rate: Observation = {
    ...base(ctx, 'vital-signs', { coding: [{ system: LOINC, code: '8867-4', display: 'Heart rate' }] }),
    valueQuantity: { value: p.rateBpm, unit: '/min', system: UCUM, code: '/min' },
    method: method(p.version),
  };
  const classes = p.classes.map((c) =>
    suggested(ctx, 'tcm-pulse', '脉象 / Pulse class', `pulse.class.${c.code}`, c, p.version),
  );
  return [rate, ...classes];
}

/** A pulse class or a voice reading: coded, with what the engine says it suggests. */
function suggested(
  ctx: ObservationContext,
  system: 'tcm-pulse' | 'tcm-voice',
  what: string,
  wordId: string,
  found: { code: string; suggests: Parameters<typeof bilingualText>[0] },
  version: EngineVersion,
): Observation {
  const value = coding(system, found.code, vocabularyWord(wordId, 'zh'));
  return finding(ctx, system, { text: what }, value, version, bilingualText(found.suggests, 'zh'));
}

function voiceObservations(d: RecordDetail, ctx: ObservationContext): Observation[] {
  const v = doneResults(d.results).voice;
  if (!v) return [];
  return v.readings.map((r) =>
    suggested(ctx, 'tcm-voice', '闻诊 / Voice reading', `voice.reading.${r.code}`, r, v.version),
  );
}

/** Each scale's converted score (0–100) with the standard's verdict as its interpretation. */
function constitutionObservations(d: RecordDetail, ctx: ObservationContext): Observation[] {
  const c = doneResults(d.results).constitution;
  if (!c) return [];
  return c.scales.map((s) => {
    const type = CONSTITUTION_TYPE_OF_CODE[s.code];
    return {
      ...base(ctx, 'survey', coding('tcm-constitution', type, vocabularyWord(`constitution.type.${type}`, 'zh'))),
      valueQuantity: { value: s.display, unit: 'score', system: UCUM, code: '{score}' },
      method: { text: `${c.engine.engine} (${c.standard})` },
      interpretation: [{ text: s.verdictZh }],
    };
  });
}

export function recordObservations(d: RecordDetail, ctx: ObservationContext): SectionObservations[] {
  const sections: SectionObservations[] = [
    { key: 'vitals', title: '体征 / Vital signs', observations: vitalsObservations(d, ctx) },
    { key: 'tongue', title: '舌诊 / Tongue', observations: tongueObservations(d, ctx) },
    { key: 'face', title: '面诊 / Face', observations: faceObservations(d, ctx) },
    { key: 'pulse', title: '脉诊 / Pulse', observations: pulseObservations(d, ctx) },
    { key: 'voice', title: '闻诊 / Voice', observations: voiceObservations(d, ctx) },
    { key: 'constitution', title: '体质 / Constitution', observations: constitutionObservations(d, ctx) },
  ];
  return sections.filter((s) => s.observations.length > 0);
}
