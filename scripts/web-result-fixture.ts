// Writes apps/web/src/diagnosis/fixtures/done-record-results.json: real engine outputs from real
// inputs (a tongue and a face photo, voice and pulse files of the shared data, a full questionnaire,
// vitals, synthesis) for the web's
// result-view tests. The web depends on @tcm/contract only, so it reads these saved outputs; the
// test validates them with the contract's result schemas. Regenerate after an engine changes:
//   npx tsx scripts/web-result-fixture.ts && npx prettier --write apps/web/src/diagnosis/fixtures
import { readFileSync, writeFileSync } from 'node:fs';
import { questionsFor, scoreConstitution } from '@tcm/analysis/constitution';
import { analyzeFace } from '@tcm/analysis/face';
import { analysePulse, readPulseFile } from '@tcm/analysis/pulse';
import { synthesize } from '@tcm/analysis/synthesis';
import { analyzeTongue } from '@tcm/analysis/tongue';
import { analyseVoice } from '@tcm/analysis/voice';
import { assessVitals } from '@tcm/analysis/vitals';

const root = new URL('../', import.meta.url);
const shared = (p: string) => new Uint8Array(readFileSync(new URL(`../shared/data/${p}`, root)));
const voice = analyseVoice(new Uint8Array(readFileSync(new URL('../shared/data/voice/sustained-a-118hz.wav', root))));
const answers = Object.fromEntries(questionsFor('female').map((q, i) => [q.id, (i % 5) + 1]));
const vitalsIn = { systolic: 150, diastolic: 95, heightCm: 160, weightKg: 75 };
const ppg = new Uint8Array(readFileSync(new URL('../shared/data/pulse/goda-ppg-125hz.csv', root)));
const fixture = {
  tongue: (await analyzeTongue(shared('tongue/images/TE0000003.jpg'))).result,
  face: (await analyzeFace(shared('face/02-woman.jpg'))).result,
  voice,
  pulse: analysePulse(readPulseFile(ppg, 'goda-ppg-125hz.csv')),
  constitution: scoreConstitution({ sex: 'female', answers }),
  vitals: assessVitals({ sex: 'female', vitals: vitalsIn }),
  synthesis: synthesize({
    sex: 'female',
    findings: [
      { modality: 'tongue', key: 'tongue.bodyColor', value: 'pale', confidence: 0.81 },
      { modality: 'tongue', key: 'tongue.cracks', value: 'light', confidence: 0.6 },
    ],
    inquiry: { answers },
    vitals: vitalsIn,
  }),
};
writeFileSync(
  new URL('apps/web/src/diagnosis/fixtures/done-record-results.json', root),
  JSON.stringify(fixture, null, 2) + '\n',
);
