// Times upload → result for a real tongue photo against a running server: POST the photo to the
// visitor capture endpoint, follow the record's server-sent events until `end`. One warm-up
// (loads the models), then N measured runs; prints each time and the median.
// Usage: node scripts/measure-upload-to-result.mjs BASE_URL PHOTO [N]
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

const [base, photo, nArg] = process.argv.slice(2);
const n = Number(nArg ?? 10);
const bytes = await readFile(photo);

async function once() {
  const t0 = performance.now();
  const form = new FormData();
  form.set('file', new Blob([bytes], { type: 'image/jpeg' }), basename(photo));
  const res = await fetch(`${base}/backend/portal/tongue/analyze`, { method: 'POST', body: form });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`upload refused: ${res.status} ${JSON.stringify(body)}`);
  const events = await fetch(`${base}/backend/portal/diagnosis/${body.data.shareToken}/events`);
  const text = await events.text(); // the stream ends after the `end` event
  const ms = performance.now() - t0;
  const end = /event: end\ndata: (.*)\n/.exec(text);
  const progress = end ? JSON.parse(end[1]) : null;
  if (progress?.status !== 'done')
    throw new Error(`record ${body.data.recordId} did not finish: ${JSON.stringify(progress)}`);
  const detail = await (await fetch(`${base}/backend/portal/diagnosis/${body.data.shareToken}`)).json();
  const engines = Object.values(detail.data.results).reduce((sum, o) => sum + o.ms, 0);
  return { ms, engines };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const warm = await once();
const runs = [];
for (let i = 0; i < n; i++) runs.push(await once());
const times = runs.map((r) => r.ms);
console.log(`photo: ${photo} (${bytes.length} bytes)`);
console.log(`warm-up (first run, loads models): ${warm.ms.toFixed(0)} ms`);
console.log(`runs (ms): ${times.map((t) => t.toFixed(0)).join(' ')}`);
console.log(
  `median engine time (tongue + synthesis, from the record): ${median(runs.map((r) => r.engines)).toFixed(0)} ms`,
);
console.log(
  `median server overhead (upload-to-result minus engines): ${median(runs.map((r) => r.ms - r.engines)).toFixed(0)} ms`,
);
console.log(`median upload-to-result over ${n}: ${median(times).toFixed(0)} ms`);
