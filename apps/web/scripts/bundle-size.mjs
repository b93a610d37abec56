// Prints the gzip size of what the browser downloads on the first load of a route (HTML + entry
// JS/CSS + the route's page chunk and all their static imports), and of its JavaScript alone, for
// the three pages Lighthouse audits (issue 22 item 7) and the other areas, and says whether Ant
// Design is in it.
// Usage: npm run -s build -w @tcm/web && node apps/web/scripts/bundle-size.mjs
import { readFileSync } from 'node:fs';
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
for (const [label, chunk] of [
  // The home's sections and texts are a chunk of their own since issue 34.
  ['public home (/)', ['SiteArea', 'SiteHome']],
  ['news detail /xinwendongtai/{id}', 'NewsDetailPage'],
  ['tongue detection /tongueAnalyze', 'TongueAnalyzePage'],
  ['back-office login (/login)', 'EntranceArea'],
  ['console entry (/welcome)', 'ConsoleArea'],
  ['translation admin (lazy, on top of console)', 'TranslationAdmin'],
  ['report and device pages (on top of site)', 'DetectionPages'],
  ['member area (records, capture wizard)', 'MemberArea'],
]) {
  // A module bundled into the entry (the site area since issue 22 item 7) has no chunk of its own.
  // The app itself is the boot chunk, imported by the entry after the first paint and preloaded by the page.
  const files = closure([entry, area('boot'), ...[chunk].flat().map(area).filter(Boolean)]);
  const total = [...files].reduce((s, f) => s + gz(f), html);
  // The JavaScript alone (issue 34: "first-load JavaScript ≤ 150 KB gzip"); the total adds HTML and CSS.
  const js = [...files].filter((f) => f.endsWith('.js')).reduce((s, f) => s + gz(f), 0);
  // antd's runtime chunks are named after its components and cssinjs helpers; the providers are AntShell.
  const antd = [...files].some((f) => /\/(?:AntShell|useToken|Button|button|typography|wave)-/.test(f));
  console.log(
    `${label.padEnd(48)} ${(total / 1024).toFixed(1).padStart(7)} KiB gzip, JS ${(js / 1024).toFixed(1).padStart(6)} KiB  (${files.size} files${antd ? ', antd' : ''})`,
  );
}
