// Prints the gzip size of what the browser downloads on the first load of a route (HTML + entry
// JS/CSS + the route's page chunk and all their static imports), and of its JavaScript alone, for
// the three pages Lighthouse audits (issue 22 item 7) and the other areas, and says whether Ant
// Design is in it. Then what the on-device tongue analysis downloads when the first photo is
// chosen (issue 39 item 3: the worker, the WebAssembly runtime, the models), and that none of it is
// in a first load. Exits non-zero when the home, news or detection page's first-load JavaScript is
// over its budget (issues 34 and 39: 150 KB gzip) or the on-device files leak into a first load.
// Usage: npm run -s build -w @tcm/web && npm run -s bundle-size -w @tcm/web
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const dist = process.env.DIST ?? fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

function closure(keys) {
  const files = new Set();
  const seen = new Set();
  const walk = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    const e = manifest[k];
    if (!e) throw new Error(`no manifest entry ${k}`);
    files.add(e.file);
    for (const c of e.css ?? []) files.add(c);
    for (const i of e.imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return files;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const area = (name) => Object.keys(manifest).find((k) => k.endsWith(`/${name}.tsx`));
const html = gz('index.html');
const kib = (n) => (n / 1024).toFixed(1);
/** First-load JavaScript budget of the public pages, KiB gzip (issue 34 item 3, issue 39 item 3). */
const BUDGET_KIB = 150;
const over = [];
const firstLoads = [];
/** @type {{ label: string, chunks: string[], budget?: number }[]} */
const PAGES = [
  // The home's sections and texts are a chunk of their own since issue 34.
  { label: 'public home (/)', chunks: ['SiteArea', 'SiteHome'], budget: BUDGET_KIB },
  { label: 'news detail /xinwendongtai/{id}', chunks: ['NewsDetailPage'], budget: BUDGET_KIB },
  { label: 'tongue detection /tongueAnalyze', chunks: ['TongueAnalyzePage'], budget: BUDGET_KIB },
  { label: 'back-office login (/login)', chunks: ['EntranceArea'] },
  { label: 'console entry (/welcome)', chunks: ['ConsoleArea'] },
  { label: 'translation admin (lazy, on top of console)', chunks: ['TranslationAdmin'] },
  { label: 'report and device pages (on top of site)', chunks: ['DetectionPages'] },
  { label: 'member area (records, capture wizard)', chunks: ['MemberArea'] },
];
for (const { label, chunks, budget } of PAGES) {
  // A module bundled into the entry (the site area since issue 22 item 7) has no chunk of its own.
  // The app itself is the boot chunk, imported by the entry after the first paint and preloaded by the page.
  const files = closure([entry, area('boot'), ...chunks.map(area).filter(Boolean)]);
  firstLoads.push(...files);
  const total = [...files].reduce((s, f) => s + gz(f), html);
  // The JavaScript alone (issue 34: "first-load JavaScript ≤ 150 KB gzip"); the total adds HTML and CSS.
  const js = [...files].filter((f) => f.endsWith('.js')).reduce((s, f) => s + gz(f), 0);
  // antd's runtime chunks are named after its components and cssinjs helpers; the providers are AntShell.
  const antd = [...files].some((f) => /\/(?:AntShell|useToken|Button|button|typography|wave)-/.test(f));
  const verdict =
    budget === undefined ? '' : js / 1024 <= budget ? `  JS budget ${budget}: ok` : `  OVER the JS budget of ${budget}`;
  if (budget !== undefined && js / 1024 > budget) over.push(label);
  console.log(
    `${label.padEnd(48)} ${kib(total).padStart(7)} KiB gzip, JS ${kib(js).padStart(6)} KiB  (${files.size} files${antd ? ', antd' : ''})${verdict}`,
  );
}

// On-device analysis (docs/site.md "On-device analysis"): fetched with the first photo, cached by
// the service worker; raw and gzip (the .wasm is served brotli: see its .br beside it).
console.log(`\non-device tongue analysis, fetched when the first photo is analysed (raw, gzip):`);
const assets = readdirSync(join(dist, 'assets'));
const parts = assets.filter((f) => /^(tongue\.worker-.*\.js|ort-wasm.*\.wasm|.*\.onnx)$/.test(f)).sort();
let raw = 0;
let zipped = 0;
for (const f of parts) {
  const bytes = readFileSync(join(dist, 'assets', f)).length;
  const z = gz(`assets/${f}`);
  raw += bytes;
  zipped += z;
  console.log(`  ${f.padEnd(46)} ${kib(bytes).padStart(9)} KiB ${kib(z).padStart(9)} KiB gzip`);
}
console.log(`  ${'on-device total'.padEnd(46)} ${kib(raw).padStart(9)} KiB ${kib(zipped).padStart(9)} KiB gzip`);
// None of it may be in any first load above (nor onnxruntime's JavaScript outside the worker).
const leaked = [...new Set(firstLoads)].filter(
  (f) => parts.some((p) => f.endsWith(p)) || /onnxruntime|\/ort[.-]/.test(f),
);
console.log(leaked.length ? `IN A FIRST LOAD: ${leaked.join(', ')}` : 'none of it is in a first load');

if (over.length || leaked.length) {
  console.error(
    `bundle-size: ${[...over.map((l) => `${l} over budget`), ...leaked.map((f) => `${f} in a first load`)].join('; ')}`,
  );
  process.exitCode = 1;
}
