// Times upload → result for a real tongue photo against a running server: POST the photo to the
// visitor detection endpoint, follow the record's server-sent events until `end`. One warm-up
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
  if (progress?.status !== 'done') throw new Error(`record ${body.data.recordId} did not finish: ${JSON.stringify(progress)}`);
  return ms;
}

const warm = await once();
const times = [];
for (let i = 0; i < n; i++) times.push(await once());
const sorted = [...times].sort((a, b) => a - b);
const median = n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
console.log(`photo: ${photo} (${bytes.length} bytes)`);
console.log(`warm-up (first run, loads models): ${warm.toFixed(0)} ms`);
console.log(`runs (ms): ${times.map((t) => t.toFixed(0)).join(' ')}`);
console.log(`median upload-to-result over ${n}: ${median.toFixed(0)} ms`);
