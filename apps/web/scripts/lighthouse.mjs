// Lighthouse benchmark of the public site (issue 22 item 7): builds web and server when their
// inputs changed, starts the server on 127.0.0.1 with a fresh database, publishes one news item
// through the API, then audits the home, that news item and /tongueAnalyze in Debian's Chromium
// (/usr/bin/chromium, or CHROME_PATH). Nothing is downloaded. Each page is audited RUNS times
// (default 3) and the median of each column is printed in one compact table, with the machine's
// load average before and after: Lighthouse's simulated throttling multiplies the main-thread time
// it measures, so a loaded machine lowers the score. Two columns do not depend on the load: the
// JavaScript the page downloaded (KiB as sent, brotli) and, less so, the main-thread task total of
// the trace (ms as measured, before the 4x CPU multiplier of the mobile preset).
// The full reports go to $LH_OUT (default: a temp folder).
// Usage: npm run bench:lighthouse -w @tcm/web [-- --desktop] [-- --audits]  (RUNS=5 for five runs)
// LH_WEB_DIST=apps/web/<copy of a dist> audits that build instead, without building (before/after
// pairs on the same machine state); it must sit inside the repository, where its dist/ssr module
// finds React in node_modules (elsewhere the server quietly serves the pages without first HTML).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const desktop = process.argv.includes('--desktop');
const showAudits = process.argv.includes('--audits');
const runs = Math.max(1, Number(process.env.RUNS ?? 3));
const out = process.env.LH_OUT ?? mkdtempSync(join(tmpdir(), 'tcm-lighthouse-'));
mkdirSync(out, { recursive: true });
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const COLUMNS = ['perf', 'a11y', 'best', 'seo', 'fcp', 'lcp', 'tbt', 'cls', 'js', 'main'];

/** The figures of one report (scores 0-100, times in ms, JavaScript in KiB as sent). */
function figures(lhr) {
  const score = (c) => Math.round((lhr.categories[c]?.score ?? NaN) * 100);
  const num = (a) => lhr.audits[a]?.numericValue ?? NaN;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
  // mainthread-work-breakdown is the trace's task total times the preset's CPU multiplier.
  const cpu =
    lhr.configSettings.throttlingMethod === 'simulate' ? lhr.configSettings.throttling.cpuSlowdownMultiplier : 1;
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    best: score('best-practices'),
    seo: score('seo'),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    js: (scripts?.transferSize ?? NaN) / 1024,
    main: num('mainthread-work-breakdown') / cpu,
  };
}

const webDist = process.env.LH_WEB_DIST ? join(repo, process.env.LH_WEB_DIST) : join(repo, 'apps/web/dist');
for (const ws of process.env.LH_WEB_DIST ? ['server'] : ['web', 'server'])
  execFileSync('bash', ['scripts/build-if-changed.sh', ws], { cwd: repo, stdio: 'inherit' });

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'tcm-lh-data-'));
const password = `lh-${randomBytes(6).toString('hex')}`;
const server = spawn('node', ['apps/server/dist/main.js'], {
  cwd: repo,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_PASSWORD: password,
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    // The bench signs in through the API to publish its news item; this private server needs no captcha.
    LOGIN_CAPTCHA_ENTRANCES: 'none',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
let chrome;
try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/pc/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    // Up to 5 minutes: a fresh database's migrations and seed take over a minute on a loaded machine.
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  // One published news item to audit its detail page.
  const signin = await fetch(`${base}/backend/auth/user/pwd/signin`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('tcm-web:tcm-web-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ loginName: 'admin', loginPassword: password }),
  }).then((r) => r.json());
  const token = signin.data?.access_token;
  if (!token) throw new Error(`sign-in: ${JSON.stringify(signin)}`);
  const call = async (path, body) => {
    const env = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
    if (env.code !== 0) throw new Error(`${path}: ${env.code} ${env.msg}`);
    return env.data;
  };
  const item = await call('/backend/sys/v1/content/add', {
    kind: 'news',
    lang: 'zh',
    title: '平台上线：舌象分析开放使用',
    summary: '中医智能舌诊开放平台今日上线，访客可上传舌象照片获得有依据的分析。',
    body: '<p style="text-indent: 2em">中医智能舌诊开放平台今日上线。访客可拍摄或上传舌象照片，查看舌色、苔色、齿痕等特征及其依据，并下载中英文报告。</p>'.repeat(
      4,
    ),
  });
  await call('/backend/sys/v1/content/publish', { id: item.id, published: true });

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const pages = [
    ['home', '/pc/'],
    ['news detail', `/pc/xinwendongtai/${item.id}`],
    ['tongueAnalyze', '/pc/tongueAnalyze'],
  ];
  const loadBefore = load();
  const rows = [];
  for (const [name, path] of pages) {
    const got = [];
    let last;
    for (let run = 1; run <= runs; run++) {
      const r = await lighthouse(
        `${base}${path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        },
        desktop ? desktopConfig : undefined,
      );
      writeFileSync(join(out, `${name.replace(/\W+/g, '-')}-${run}.json`), r.report);
      // A trace Chromium failed to record (e.g. NO_NAVSTART under load) is reported and left out.
      if (r.lhr.runtimeError) {
        console.log(`  ${name} run ${run}: ${r.lhr.runtimeError.code} (left out)`);
        continue;
      }
      got.push(figures(r.lhr));
      last = r.lhr;
    }
    const m = (k) => median(got.map((g) => g[k]));
    rows.push({ name, n: got.length, ...Object.fromEntries(COLUMNS.map((k) => [k, m(k)])) });
    if (showAudits && last)
      for (const a of Object.values(last.audits).filter(
        (a) =>
          a.score !== null && a.score < 0.9 && !['informative', 'manual', 'notApplicable'].includes(a.scoreDisplayMode),
      ))
        console.log(`  ${name}: ${a.id}: ${a.displayValue ?? a.score}`);
  }
  const loadAfter = load();
  console.log(
    `Lighthouse 12.2.3, ${desktop ? 'desktop' : 'mobile'} preset (simulated throttling), median of ${runs} runs, ${base}`,
  );
  if (process.env.LH_WEB_DIST) console.log(`build: ${webDist}`);
  console.log(`load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}; ${cpus().length} CPUs`);
  console.log('page           runs  perf  a11y  best   seo   FCP ms   LCP ms   TBT ms    CLS  JS KiB  main ms');
  const f = (v, d = 0, w = 8) => (Number.isFinite(v) ? v.toFixed(d) : '-').padStart(w);
  for (const r of rows)
    console.log(
      `${r.name.padEnd(14)}${f(r.n, 0, 5)}${f(r.perf, 0, 6)}${f(r.a11y, 0, 6)}${f(r.best, 0, 6)}${f(r.seo, 0, 6)} ${f(r.fcp)} ${f(r.lcp)} ${f(r.tbt)} ${f(r.cls, 3, 6)} ${f(r.js, 1, 7)} ${f(r.main)}`,
    );
  console.log(`reports: ${out}`);
} finally {
  chrome?.kill();
  server.kill();
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
