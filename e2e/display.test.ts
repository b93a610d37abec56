import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RECORD_PATHS } from '@tcm/contract';
import { BASE, watchErrors } from './browser.js';
import { useJourney } from './hooks.js';
import { apiAs, fillLogin, recordDone } from './helpers.js';

// Issue 23 item 1 and issue 21 item 6: the large-screen display renders live data at 1920×1080
// and 3840×2160 without scrollbars or overlapping text, a new result reaches its feed within
// 2 s of finishing, and a leader with displayPermission opens the team display; zh and en.

const j = useJourney({ viewport: { width: 1920, height: 1080 } });

const ANALYSIS_MS = 120_000;
const FEED_MS = 2000;

/** A record made by the signed-in leader of `p` through the API; resolves when its analysis is done. */
async function finishedRecord(p: Page, name: string): Promise<string> {
  const { recordId } = await apiAs<{ recordId: string }>(p, 'POST', RECORD_PATHS.create, {
    person: { name, sex: 'male', age: 52 },
    vitals: { heightCm: 170, weightKg: 82, systolic: 152, diastolic: 96 },
  });
  return recordDone(p, recordId, 250, ANALYSIS_MS);
}

/** The width and height of a PNG (its IHDR chunk). */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/**
 * What a screenshot must show: the whole page is the viewport (a full-page screenshot no bigger
 * than it: no scrollbar, nothing beyond), the canvas fills it, and no two text boxes overlap.
 */
async function checkScreen(p: Page, size: { width: number; height: number }, name: string) {
  const shot = pngSize(await p.screenshot({ fullPage: true, path: `e2e/.artifacts/display-${name}.png` }));
  expect(shot, `${name}: full-page screenshot`).toEqual(size);
  const scroll = await p.evaluate(() => ({
    x: document.documentElement.scrollWidth - window.innerWidth,
    y: document.documentElement.scrollHeight - window.innerHeight,
  }));
  expect(scroll, `${name}: scrollable overflow`).toEqual({ x: 0, y: 0 });
  const canvas = (await p.getByTestId('display-canvas').boundingBox())!;
  expect(Math.round(canvas.width * canvas.height), `${name}: canvas area`).toBeGreaterThan(
    size.width * size.height * 0.99,
  );
  const overlaps = await p.evaluate(() => {
    const boxes = [...document.querySelectorAll<HTMLElement>('[data-text]')]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter((b) => b.r.width > 0 && b.r.height > 0);
    const found: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 1 && h > 1) found.push(`${a.el.textContent} × ${b.el.textContent}`);
      }
    return { count: boxes.length, found };
  });
  expect(overlaps.count, `${name}: text boxes`).toBeGreaterThan(20);
  expect(overlaps.found, `${name}: overlapping text`).toEqual([]);
}

/** The platform display after signing in at /dpLogin, waiting for its charts. */
async function openDisplay(p: Page) {
  await p.goto(`${BASE}/pc/dpLogin`);
  await fillLogin(p, 'display');
  await p.waitForURL(/\/pc\/display$/);
  await p.getByTestId('kpi-total').waitFor();
  await p.getByTestId('chart-map').locator('canvas').waitFor();
  await p.getByTestId('chart-trend').locator('canvas').waitFor();
}

describe('large-screen display', () => {
  it('renders live data at 1920×1080 and 3840×2160, zh and en; a new result reaches the feed within 2 s', async () => {
    const { browser, page, errors } = j;
    // A leader makes a record first, so the screen opens on real data.
    const leaderContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const leader = await leaderContext.newPage();
    const leaderErrors = watchErrors(leader);
    await leader.goto(`${BASE}/pc/member-login`);
    await fillLogin(leader, 'leader');
    await leader.waitForURL(/\/pc\/member\/config\/home$/);
    await finishedRecord(leader, '张大明');

    await openDisplay(page);
    expect(Number((await page.getByTestId('kpi-total').textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
    await page.getByTestId('display-title').getByText('中医智能健康大数据平台').waitFor();
    await page.getByTestId('feed-item').first().waitFor();
    expect(await page.getByTestId('panel-feed').textContent()).toContain('张*明');
    await checkScreen(page, { width: 1920, height: 1080 }, '1080p-zh');

    // A new result: on the screen within 2 s of its analysis finishing.
    const id = await finishedRecord(leader, '李小龙');
    await page.locator(`[data-testid="feed-item"][data-id="${id}"]`).waitFor({ timeout: FEED_MS });
    expect(await page.locator(`[data-id="${id}"]`).textContent()).toContain('李*龙');

    await page.getByTestId('language-switch').getByText('EN').click();
    await page.getByTestId('display-title').getByText('TCM Intelligent Health Data Platform').waitFor();
    await page.getByTestId('panel-feed').getByText('Live results').waitFor();
    await checkScreen(page, { width: 1920, height: 1080 }, '1080p-en');

    // The same screen on a 4K display: the design canvas scaled ×2.
    const uhd = await browser.newContext({ viewport: { width: 3840, height: 2160 } });
    const big = await uhd.newPage();
    const bigErrors = watchErrors(big);
    await openDisplay(big);
    await checkScreen(big, { width: 3840, height: 2160 }, '2160p-zh');
    const title = (await big.getByTestId('display-title').boundingBox())!;
    const small = (await page.getByTestId('display-title').boundingBox())!;
    expect(title.height / small.height).toBeGreaterThan(1.9);
    await big.getByTestId('language-switch').getByText('EN').click();
    await big.getByTestId('display-title').getByText('TCM Intelligent Health Data Platform').waitFor();
    await checkScreen(big, { width: 3840, height: 2160 }, '2160p-en');
    await uhd.close();

    // The leader (displayPermission) opens the team display: the same dashboard, the team's data.
    await leader.setViewportSize({ width: 1920, height: 1080 });
    await leader.goto(`${BASE}/pc/member/config/display`);
    await leader.getByTestId('display-title').getByText('团队大屏').waitFor();
    await leader.getByTestId('chart-map').locator('canvas').waitFor();
    await leader.locator(`[data-testid="feed-item"][data-id="${id}"]`).waitFor();
    await checkScreen(leader, { width: 1920, height: 1080 }, 'team-zh');
    await leader.getByTestId('language-switch').getByText('EN').click();
    await leader.getByTestId('display-title').getByText('Team display').waitFor();
    await checkScreen(leader, { width: 1920, height: 1080 }, 'team-en');
    await leaderContext.close();

    expect(errors).toEqual([]);
    expect(leaderErrors).toEqual([]);
    expect(bigErrors).toEqual([]);
  }, 400_000);
});
