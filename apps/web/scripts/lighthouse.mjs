// Lighthouse benchmark of the public site (issue 22 item 7): builds web and server when their
// inputs changed, starts the server on 127.0.0.1 with a fresh database, publishes one news item
// through the API, then audits the home, that news item and /tongueAnalyze in Debian's Chromium
// (/usr/bin/chromium, or CHROME_PATH). Nothing is downloaded. Prints each page's scores and
// metrics; the full reports go to $LH_OUT (default: a temp folder).
// Usage: npm run bench:lighthouse -w @tcm/web [-- --desktop]
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const desktop = process.argv.includes('--desktop');
const out = process.env.LH_OUT ?? mkdtempSync(join(tmpdir(), 'tcm-lighthouse-'));

for (const ws of ['web', 'server'])
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
    WEB_DIST: join(repo, 'apps/web/dist'),
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
    if (i > 240) throw new Error('server did not start');
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
  console.log(`Lighthouse 12.2.3, ${desktop ? 'desktop' : 'mobile'} preset (simulated throttling), ${base}`);
  console.log('page            perf  a11y  best   seo   FCP ms   LCP ms   TBT ms    CLS   bytes KiB');
  for (const [name, path] of pages) {
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
    const lhr = r.lhr;
    writeFileSync(join(out, `${name.replace(/\W+/g, '-')}.json`), r.report);
    const score = (c) => String(Math.round((lhr.categories[c]?.score ?? 0) * 100)).padStart(5);
    const num = (a, d = 0) => String((lhr.audits[a]?.numericValue ?? NaN).toFixed(d)).padStart(8);
    console.log(
      `${name.padEnd(14)}${score('performance')} ${score('accessibility')} ${score('best-practices')} ${score('seo')} ${num('first-contentful-paint')} ${num('largest-contentful-paint')} ${num('total-blocking-time')} ${num('cumulative-layout-shift', 3)} ${String(((lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024).toFixed(0)).padStart(10)}`,
    );
    const failing = Object.values(lhr.audits).filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual' &&
        a.scoreDisplayMode !== 'notApplicable',
    );
    for (const a of failing.slice(0, 12)) console.log(`    - ${a.id}: ${a.displayValue ?? a.score}`);
  }
  console.log(`reports: ${out}`);
} finally {
  chrome?.kill();
  server.kill();
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
