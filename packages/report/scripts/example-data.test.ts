import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { TONGUE_FEATURES, type HealthReportInput, type ReportLanguage } from '@tcm/contract';
import { label } from '../src/labels.js';
import { exampleReport, exampleResults } from './example-data.js';

// The example health reports are a record's PDF model as the server makes it (issue 38): the
// pipeline on the shared real captures, then the report mapping. They must be what those give
// today, so no hand-written id (a retired one kept the report's alias table alive) can return.

const example = (lang: ReportLanguage) =>
  JSON.parse(
    readFileSync(new URL(`../examples/full-report.${lang}.json`, import.meta.url), 'utf8'),
  ) as HealthReportInput;

/** Every field of a model typed `label`: the ids the PDF words through its dictionary or the vocabulary. */
function labels(m: HealthReportInput): string[] {
  return [
    ...(m.vitals?.rows ?? []).map((r) => r.indicator),
    ...(m.tongue?.features ?? []).map((f) => f.name),
    ...(m.face?.regions ?? []).flatMap((r) => (r.name ? [r.name] : [])),
    ...(m.face?.features ?? []).map((f) => f.name),
    ...(m.face?.skinScores ?? []).map((s) => s.name),
    ...(m.pulse?.parameters ?? []).map((p) => p.name),
    ...(m.voice?.measures ?? []).map((x) => x.name),
    ...(m.advice?.groups ?? []).map((g) => g.category),
    ...(m.trends?.series ?? []).map((s) => s.indicator),
    ...(m.missing ?? []).map((x) => x.part),
    ...(m.constitution?.scores ?? []).flatMap((s) => [
      `constitution.type.${s.type}`,
      `constitution.verdict.${s.verdict}`,
    ]),
  ];
}

describe('example health reports come from the pipeline and the report mapping', () => {
  let record: Awaited<ReturnType<typeof exampleResults>>;
  beforeAll(async () => {
    record = await exampleResults();
  }, 180_000);

  it('are what the pipeline and the report mapping give today (rerun `npm run examples` when they change)', async () => {
    for (const lang of ['zh', 'en'] as const) expect(example(lang), lang).toEqual(await exampleReport(lang, record));
    // Every engine ran: a failed part would make the example a partial record.
    for (const [engine, o] of Object.entries(record.results)) expect(o?.status, engine).toBe('done');
  }, 60_000);

  it('name every finding, measure and type by a dictionary key or a vocabulary id, in both languages', () => {
    for (const lang of ['zh', 'en'] as const) {
      const ids = labels(example(lang));
      expect(ids.length).toBeGreaterThan(40);
      for (const id of ids) expect(label(lang, id), `${lang} ${id}`).not.toBe(id);
    }
    // The tongue table lists the vocabulary's features, in its order.
    expect(example('en').tongue?.features?.map((f) => f.name)).toEqual(
      TONGUE_FEATURES.map((f) => `tongue.feature.${f}`),
    );
  });

  it('read the BIDMC 01 pulse near its ECG rate', () => {
    const rate = Number(example('en').pulse?.parameters?.find((p) => p.name === 'pulse.rate')?.value);
    // The dataset's README gives about 91.5 bpm from the ECG over the whole record.
    expect(rate).toBeGreaterThan(82);
    expect(rate).toBeLessThan(100);
  });
});
