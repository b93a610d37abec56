// Prints the browser's time per tongue photo on the detection page, analysed on the device in
// Debian's Chromium (median of 20 photos of the validation split, after one photo that loads the
// runtime and models, whose time is printed apart). The page's own files are served from the
// build by a small static server here: the on-device path needs nothing else.
// Usage: npm run -s build -w @tcm/web && node apps/web/scripts/bench-on-device.mjs [N]
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dist = join(root, 'apps/web/dist');
const N = Number(process.argv[2] ?? 20);
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.html': 'text/html' };
const ids = readFileSync(join(root, 'training/tongue-seg/val-ids.txt'), 'utf8').split('\n').filter(Boolean);
const photo = (id) => join(root, '../shared/data/tongue/images', `${id}.jpg`);

const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname.replace(/^\/pc\//, '/');
  const file = join(dist, path);
  const found = path !== '/' && existsSync(file) && statSync(file).isFile() ? file : join(dist, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(found)] ?? 'application/octet-stream' });
  res.end(readFileSync(found));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const page = await browser.newPage();
// The API is not needed: refused, so the figures are the browser's alone.
await page.route('**/backend/**', (r) => r.abort());
await page.goto(`${base}/pc/tongueAnalyze`);
await page.getByTestId('on-device-note').waitFor();
const input = page.locator('[data-testid="tongue-upload"] input[type=file]');

async function one(id) {
  await input.setInputFiles(photo(id));
  const t0 = performance.now();
  await page.getByTestId('analyze-submit').click();
  await page.getByTestId('on-device-json').waitFor({ state: 'attached', timeout: 300_000 });
  const wall = performance.now() - t0;
  await page.getByTestId('on-device-new').click();
  return wall;
}

const first = await one(ids[0]);
const times = [];
for (let i = 1; i <= N; i++) times.push(await one(ids[i * 5]));
times.sort((a, b) => a - b);
const median =
  times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
console.log(`first photo (runtime and models loaded, compiled): ${first.toFixed(0)} ms`);
console.log(
  `per photo, median of ${N}: ${median.toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times.at(-1).toFixed(0)}), click to result`,
);
await browser.close();
server.close();
