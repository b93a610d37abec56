import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BASE } from './browser.js';
import { useJourney } from './hooks.js';
import { signInBackOffice } from './helpers.js';

// One Chromium for the file, a fresh context per journey (e2e/hooks.ts).
const j = useJourney({ viewport: { width: 1400, height: 900 } });

/** A partner's signed call (docs/open-api.md), from outside the browser. */
async function signedGet(appKey: string, secret: string, path: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const sha = createHash('sha256').update('').digest('hex');
  const signature = createHmac('sha256', secret).update(['GET', path, timestamp, nonce, sha].join('\n')).digest('hex');
  const res = await fetch(`${BASE}${path}`, {
    headers: {
      'X-Tcm-Key': appKey,
      'X-Tcm-Timestamp': timestamp,
      'X-Tcm-Nonce': nonce,
      'X-Tcm-Content-Sha256': sha,
      'X-Tcm-Signature': signature,
    },
  });
  return (await res.json()) as { code: number };
}

describe('console: corporations and the Open API', () => {
  it('an admin adds a corporation, creates a key (secret shown once), the partner calls with it, the usage chart shows it (zh, en)', async () => {
    const { page, errors } = j;
    await signInBackOffice(page);
    await page.goto(`${BASE}/pc/system/corporation`);
    await page.getByTestId('console-corporations').getByText('合作企业').first().waitFor();
    const name = `合作诊所-${Date.now()}`;
    await page.getByTestId('btn-sysCorp-add').click();
    await page.getByTestId('corporation-name').fill(name);
    await page.getByTestId('corporation-save').click();
    const row = page.getByTestId('console-corporations').locator('tr', { hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toContain('API');

    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('btn-sysCorp-keys').click();
    await page.getByTestId('create-key').click();
    const appKey = (await page.getByTestId('new-app-key').innerText()).trim();
    const secret = (await page.getByTestId('new-secret').innerText()).trim();
    expect(appKey).toMatch(/^tcm_[0-9a-f]{24}$/);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.keyboard.press('Escape');

    expect((await signedGet(appKey, secret, '/backend/openapi/v1/usage')).code).toBe(0);
    expect((await signedGet(appKey, secret, '/backend/openapi/v1/usage')).code).toBe(0);

    await page.reload();
    await page
      .getByTestId('console-corporations')
      .locator('tr', { hasText: name })
      .getByTestId('corporation-usage')
      .click();
    await page.getByTestId('corporation-usage-chart').locator('canvas').waitFor();
    await page.getByText('最近 7 天').click();
    await page.getByTestId('corporation-usage-chart').locator('canvas').waitFor();

    await page.keyboard.press('Escape');
    await page.getByTestId('language-switch').getByText('EN').click();
    await page.getByTestId('console-corporations').getByText('Corporations').first().waitFor();
    await page.getByTestId('console-corporations').locator('tr', { hasText: name }).getByText('Usage').click();
    await page.getByText('Last 7 days').waitFor();
    expect(errors).toEqual([]);
  }, 240_000);
});
