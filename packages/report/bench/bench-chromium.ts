/**
 * `npm run bench:chromium -w @tcm/report`: the fair half of the Chromium comparison. `bench.ts`
 * times a one-shot `chromium --print-to-pdf` (browser start included, what a print job pays);
 * this script keeps one Debian Chromium running through playwright-core (stack.md launch flags)
 * and times `page.setContent` + `page.pdf` of the same HTML against warm pdfkit renders of the
 * same model, as a server that kept a browser alive would. Median of runs, CPU time of this
 * process for pdfkit, load average printed; asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { healthReportSchema } from '@tcm/contract';
import { renderReport } from '../src/render.js';
import { reportHtml } from './html.js';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium-flags.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (n: number) => (n / 1024).toFixed(1);

console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`,
);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
try {
  const page = await browser.newPage();
  for (const lang of ['zh', 'en']) {
    const model: unknown = JSON.parse(
      readFileSync(new URL(`../examples/full-report.${lang}.json`, import.meta.url), 'utf8'),
    );
    const html = reportHtml(healthReportSchema.parse(model));
    await renderReport(model); // fonts parsed once per process, as on a running server
    const pdfkit: number[] = [];
    const chrome: number[] = [];
    let pdfkitSize = 0;
    let chromeSize = 0;
    for (let i = 0; i <= RUNS; i++) {
      const t0 = performance.now();
      pdfkitSize = (await renderReport(model)).length;
      const t1 = performance.now();
      await page.setContent(html, { waitUntil: 'load' });
      chromeSize = (await page.pdf({ format: 'A4', printBackground: true })).length;
      const t2 = performance.now();
      if (i === 0) continue; // first Chromium page load warms its font cache
      pdfkit.push(t1 - t0);
      chrome.push(t2 - t1);
    }
    const p = median(pdfkit);
    const c = median(chrome);
    console.log(
      `${lang}: pdfkit warm ${p.toFixed(0)} ms, ${kb(pdfkitSize)} KB | Chromium warm page ${c.toFixed(0)} ms, ${kb(chromeSize)} KB` +
        ` -> time ${(c / p).toFixed(1)}x, size ${(chromeSize / pdfkitSize).toFixed(2)}x (median of ${RUNS})`,
    );
  }
} finally {
  await browser.close();
}
