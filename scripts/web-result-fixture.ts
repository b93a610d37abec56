// Writes apps/web/src/record/fixtures/done-record-results.json: the `results` of a done record
// as the server's analysis stores them, made by the same pipeline (`@tcm/analysis/pipeline`) on
// real inputs (a tongue and a face photo, voice and pulse files of the shared data, a full questionnaire, vitals), for the
// web's result-view tests. The web depends on @tcm/contract only, so it reads these saved outcomes;
// the test parses them with the contract's `recordResultsSchema`. Regenerate after an engine changes:
//   npx tsx scripts/web-result-fixture.ts && npx prettier --write apps/web/src/record/fixtures
import { readFileSync, writeFileSync } from 'node:fs';
import { questionsFor } from '@tcm/analysis/constitution';
import { runPipeline } from '@tcm/analysis/pipeline';

const root = new URL('../', import.meta.url);
const file = (rel: string) => ({
  bytes: new Uint8Array(readFileSync(new URL(`../shared/data/${rel}`, root))),
  name: rel.split('/').pop()!,
});
const answers = Object.fromEntries(questionsFor('female').map((q, i) => [q.id, (i % 5) + 1]));
const results = await runPipeline(
  {
    files: {
      tongue: file('tongue/images/TE0000003.jpg'),
      face: file('face/02-woman.jpg'),
      pulse: file('pulse/goda-ppg-125hz.csv'),
      voice: file('voice/sustained-a-118hz.wav'),
    },
    sex: 'female',
    inquiry: { answers },
    vitals: { systolic: 150, diastolic: 95, heightCm: 160, weightKg: 75 },
    history: [],
    date: '2026-11-22T08:00:00.000Z',
    lang: 'zh',
  },
  { onStep: async () => undefined, onOutcome: async () => undefined },
);
// Times vary run to run; the fixture keeps one value so a regeneration diffs only what changed.
for (const o of Object.values(results)) o.ms = 42;
writeFileSync(
  new URL('apps/web/src/record/fixtures/done-record-results.json', root),
  JSON.stringify(results, null, 2) + '\n',
);
