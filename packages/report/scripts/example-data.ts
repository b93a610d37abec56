import { readFile } from 'node:fs/promises';
import type { HealthReportInput, ReportLanguage, Vitals } from '@tcm/contract';
import { questionsFor } from '@tcm/analysis/constitution';
import { runPipeline } from '@tcm/analysis/pipeline';
import { recordReportModel } from '../src/record-model.js';

// The example health reports are a record's PDF model made the way the server makes one
// (issue 38): the analysis pipeline (`@tcm/analysis/pipeline`, what the server's job runs) on
// real captures of the shared data, then the report mapping (`recordReportModel`, what the
// server's report route runs). Only the inputs a person or a device types are written here
// (name, age, measured vitals and their history, the questionnaire's answers); every finding,
// id and word in the model comes from the engines and the vocabulary.

/** The shared real-data folder (../shared/data beside the checkout). */
export const DATA = new URL('../../../../shared/data/', import.meta.url);

/** The capture files of the example record (a woman: the person of the example is one). */
export const EXAMPLE_CAPTURES = {
  // TonguExpert: expert labels yellow coating, light cracks, light tooth marks.
  tongue: 'tongue/images/TE0000458.jpg',
  face: 'face/02-woman.jpg',
  // BIDMC record 01: about 91.5 bpm by its ECG.
  pulse: 'pulse/bidmc01.csv',
  // Praat's example sound: a woman reading.
  voice: 'voice/north-wind-and-sun.wav',
} as const;

/** When the example record was made (the clinic's 09:40 on 22 November). */
export const EXAMPLE_DATE = '2026-11-22T01:40:00.000Z';

/** Measured that day: overweight, high-normal pressure, glucose, lipids and uric acid above range. */
const VITALS: Vitals = {
  heightCm: 163,
  weightKg: 67.5,
  systolic: 132,
  diastolic: 84,
  heartRate: 92,
  spo2: 97,
  glucose: 6.4,
  tg: 2.05,
  tc: 5.1,
  hdl: 1.12,
  ldl: 3.52,
  uricAcid: 412,
};

/** Earlier visits of the same person, for the trends. */
const HISTORY: { date: string; vitals: Vitals }[] = [
  ['2026-03-10', 64.8, 124, 5.6, 352],
  ['2026-05-12', 65.9, 128, 5.9, 371],
  ['2026-07-08', 66.2, 126, 6.1, 389],
  ['2026-09-15', 67.1, 135, 6.2, 398],
].map(([date, weightKg, systolic, glucose, uricAcid]) => ({
  date: `${date as string}T01:30:00.000Z`,
  vitals: {
    heightCm: 163,
    weightKg: weightKg as number,
    systolic: systolic as number,
    diastolic: 82,
    glucose: glucose as number,
    uricAcid: uricAcid as number,
  },
}));

/**
 * The questionnaire as a phlegm-damp, damp-heat person answers it: "often" to the questions of
 * those two types (E, F in ZYYXH/T157-2009), "sometimes" to blood stasis (G) and the balanced
 * type's, "rarely" to the rest. The engine scores them.
 */
const ANSWERS = Object.fromEntries(
  questionsFor('female').map((q) => {
    const s = q.scales;
    const answer = s.includes('E') || s.includes('F') ? 4 : s.includes('G') || s.every((c) => c === 'A') ? 3 : 2;
    return [q.id, answer];
  }),
);

const file = async (rel: string) => ({
  bytes: new Uint8Array(await readFile(new URL(rel, DATA))),
  name: rel.split('/').pop()!,
});

/**
 * The example record's stored results: the pipeline on the captures and inputs above, run as a
 * record in Chinese (a report in either language is mapped from the same results, as the server does).
 */
export async function exampleResults() {
  const files = {
    tongue: await file(EXAMPLE_CAPTURES.tongue),
    face: await file(EXAMPLE_CAPTURES.face),
    pulse: await file(EXAMPLE_CAPTURES.pulse),
    voice: await file(EXAMPLE_CAPTURES.voice),
  };
  const results = await runPipeline(
    {
      files,
      sex: 'female',
      inquiry: { answers: ANSWERS },
      vitals: VITALS,
      history: HISTORY,
      date: EXAMPLE_DATE,
      lang: 'zh',
    },
    { onStep: async () => undefined, onOutcome: async () => undefined },
  );
  return { files, results };
}

/** The example health report in `lang`: the record's results through the server's report mapping. */
export async function exampleReport(
  lang: ReportLanguage,
  { files, results }: Awaited<ReturnType<typeof exampleResults>>,
): Promise<HealthReportInput> {
  return recordReportModel(
    {
      id: 'a7c31e52-4b1d-4f0e-9c2a-58e6d0b13f47',
      createdAt: new Date(EXAMPLE_DATE),
      person: { name: lang === 'zh' ? '王丽' : 'Wang Li', sex: 'female', age: 34 },
      organisation: lang === 'zh' ? '杭州明德中医健康管理中心' : 'Hangzhou Mingde TCM Health Center',
      results,
      photos: { tongue: files.tongue.bytes, face: files.face.bytes },
      pulseFile: files.pulse,
    },
    lang,
  );
}
