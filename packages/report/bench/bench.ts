/**
 * `npm run bench -w @tcm/report`: time (ms) and size (KB) of the full example health report
 * rendered by pdfkit, cold (first in the process, fonts read from disk) and warm (median of
 * runs; CPU time too, which the shared machine's load distorts less), in zh and en; then once the same content as HTML printed to PDF by headless Chromium,
 * with the ratios. Prints numbers; asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { healthReportSchema } from '@tcm/contract';
import { renderReport } from '../src/render.js';
import { reportHtml } from './html.js';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium-flags.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const dir = mkdtempSync(join(tmpdir(), 'tcm-report-bench-'));
const load = (lang: string): unknown =>
  JSON.parse(readFileSync(new URL(`../examples/full-report.${lang}.json`, import.meta.url), 'utf8'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (n: number) => (n / 1024).toFixed(1);

async function timePdfkit(lang: string) {
  const model = load(lang);
  const times: number[] = [];
  const cpu: number[] = [];
  let size = 0;
  for (let i = 0; i <= RUNS; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const pdf = await renderReport(model);
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    size = pdf.length;
    if (i === 0) writeFileSync(join(dir, `pdfkit.${lang}.pdf`), pdf);
  }
  return {
    cold: times[0]!,
    warm: median(times.slice(1)),
    min: Math.min(...times.slice(1)),
    cpu: median(cpu.slice(1)),
    size,
  };
}

function timeChromium(lang: string) {
  const html = join(dir, `report.${lang}.html`);
  const out = join(dir, `chromium.${lang}.pdf`);
  writeFileSync(html, reportHtml(healthReportSchema.parse(load(lang))));
  const flags = [...CHROMIUM_FLAGS, '--no-pdf-header-footer', `--print-to-pdf=${out}`, `file://${html}`];
  const t0 = performance.now();
  execFileSync(CHROMIUM, flags, { stdio: 'ignore' });
  return { ms: performance.now() - t0, size: statSync(out).size };
}

console.log(`full health report, ${RUNS} warm runs after one cold run; files in ${dir}`);
// The machine is shared: print its load so the numbers below can be read against it.
console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`,
);
for (const lang of ['zh', 'en']) {
  const p = await timePdfkit(lang);
  console.log(
    `pdfkit   ${lang}: cold ${p.cold.toFixed(0)} ms, warm median ${p.warm.toFixed(0)} ms (min ${p.min.toFixed(0)}, CPU ${p.cpu.toFixed(0)} ms), size ${kb(p.size)} KB  [targets <= 300 ms, <= 500 KB]`,
  );
  const c = timeChromium(lang);
  console.log(
    `chromium ${lang}: ${c.ms.toFixed(0)} ms (browser start + print), size ${kb(c.size)} KB  -> time ratio chromium/pdfkit-warm ${(c.ms / p.warm).toFixed(1)}x, size ratio ${(c.size / p.size).toFixed(2)}x`,
  );
}
