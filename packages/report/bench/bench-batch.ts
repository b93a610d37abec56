/**
 * `npm run bench:batch -w @tcm/report`: CPU per report when one process renders many different
 * reports in a row, as an engine child does for the batch ZIP (issue 21 item 3).
 *
 * `bench.ts` renders the same model again and again; with the process-wide caches of this package
 * (flattened glyphs, measured words) that would be all hits and say nothing about a batch of real
 * reports. Here every report is made different first: the person's name and report id, and every
 * digit of every printed text (values, evidence, verdicts, summaries) drawn at random, so each
 * report prints numbers no earlier one printed. Prints the CPU ms per report (process.cpuUsage,
 * which the shared machine's load distorts less than wall time), the wall time, the RSS and the
 * load. Asserts nothing.
 *
 *   BENCH_REPORTS=200 npm run bench:batch -w @tcm/report
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { renderReport } from '../src/render.js';
import { layoutCacheStats } from '../src/layout/layout-cache.js';

const N = Number(process.env.BENCH_REPORTS ?? 200);
const MB = 1024 * 1024;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** Fields whose strings must keep their form (dates are parsed, photos are bytes). */
const KEEP = new Set(['base64', 'mime', 'date', 'language', 'kind', 'sex']);

/** A copy of the model with every digit of every text redrawn (a fixed seed: runs compare). */
function vary(model: unknown, n: number, seed: { s: number }): unknown {
  const digit = () => {
    seed.s = (seed.s * 1103515245 + 12345) % 2147483648;
    return String(seed.s % 10);
  };
  const walk = (v: unknown, key: string): unknown => {
    if (typeof v === 'string') return KEEP.has(key) ? v : v.replace(/\d/g, digit);
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  const out = walk(model, '') as { header: { reportId: string; person: { name: string } } };
  out.header.reportId = `HR-BATCH-${String(n).padStart(5, '0')}`;
  out.header.person.name = `${out.header.person.name}${n}`;
  return out;
}

console.log(`${N} different full health reports per language, one process; load average ${load()}`);
for (const lang of ['zh', 'en']) {
  const model: unknown = JSON.parse(
    readFileSync(new URL(`../examples/full-report.${lang}.json`, import.meta.url), 'utf8'),
  );
  const seed = { s: 42 };
  // The first report pays the font parse; it is left out of the figures.
  await renderReport(vary(model, 0, seed));
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let bytes = 0;
  let peak = 0;
  for (let i = 1; i <= N; i++) {
    bytes += (await renderReport(vary(model, i, seed))).length;
    if (i % 20 === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1000 / N;
  const wall = (performance.now() - t0) / N;
  console.log(
    `${lang}: CPU ${cpu.toFixed(1)} ms per report, wall ${wall.toFixed(1)} ms, ` +
      `${(bytes / N / 1024).toFixed(1)} KB per PDF, peak RSS ${(peak / MB).toFixed(0)} MB, ${layoutCacheStats()}`,
  );
}
console.log(`load average after: ${load()}`);
