import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { H5_PATHS, OPEN_API_PATHS } from '@tcm/contract';
import { listenLocal } from '../../test/http.js';
import { partnerKey } from '../../test/open-api-client.js';
import { DATA } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const run = promisify(execFile);
const DOCS = fileURLToPath(new URL('../../../../../docs/open-api/', import.meta.url));
const which = (tool: string) => (process.env.PATH ?? '').split(':').some((d) => existsSync(`${d}/${tool}`));

let t: TestApp;
let base: string;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  t = await createTestApp({}, [], { jobs: true });
  base = await listenLocal(t);
  const { key } = await partnerKey(t);
  env = { ...process.env, TCM_BASE_URL: base, TCM_APP_KEY: key.appKey, TCM_APP_SECRET: key.secret };
});
afterAll(async () => t.close());

describe('the partner API document and its examples', () => {
  it('docs/open-api/openapi.json is the document the server serves (WRITE_OPEN_API_DOC=1 rewrites it)', async () => {
    const res = await fetch(base + OPEN_API_PATHS.document);
    expect(res.headers.get('content-type')).toContain('application/vnd.oai.openapi+json');
    const served = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(served.paths).sort()).toEqual([
      OPEN_API_PATHS.submit,
      OPEN_API_PATHS.task('{taskId}'),
      H5_PATHS.session,
      OPEN_API_PATHS.usage,
    ]);
    const text = `${JSON.stringify(served, null, 2)}\n`;
    if (process.env.WRITE_OPEN_API_DOC === '1') writeFileSync(`${DOCS}openapi.json`, text);
    expect(readFileSync(`${DOCS}openapi.json`, 'utf8')).toBe(text);
  });

  it('the JavaScript example submits a tongue photo, polls it to done and reads the usage', async () => {
    const { stdout } = await run(process.execPath, [`${DOCS}analyze.mjs`, `${DATA}tongue/images/TE0000458.jpg`], {
      env,
      timeout: 150000,
    });
    const out = JSON.parse(stdout);
    expect(out.task).toMatchObject({ status: 'done', replayed: false });
    expect(out.task.results.tongue).toMatchObject({ engine: 'tongue', status: 'done' });
    expect(out.task.reportUrl).toMatch(/^\/backend\/portal\/diagnosis\/[\w-]{43}\/report\?lang=en$/);
    expect(out.usage.analyses).toBe(1);
  }, 180000);

  it.skipIf(!which('curl') || !which('openssl'))('the curl example signs a call the server accepts', async () => {
    const { stdout } = await run('bash', [`${DOCS}tcm-curl.sh`, 'GET', OPEN_API_PATHS.usage], { env });
    expect(JSON.parse(stdout)).toMatchObject({ code: 0, data: { rateLimitPerMin: 1000 } });
  });

  it.skipIf(!which('python3'))('the Python example compiles', async () => {
    await run('python3', ['-m', 'py_compile', `${DOCS}analyze.py`]);
  });
});
