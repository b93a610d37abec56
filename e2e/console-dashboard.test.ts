import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONSOLE_PATHS, ENTRANCES, PLATFORM_PATHS, type DashboardSummary, type Entrance } from '@tcm/contract';
import { BASE } from './browser.js';
import { useJourney } from './hooks.js';
import { apiAs, signInBackOffice } from './helpers.js';

// The welcome dashboard (issue 33 item 3): its figures against the lists that hold them, read by
// other calls (the account list, the device list), and each figure leading to its list; zh and en.
const j = useJourney({ viewport: { width: 1400, height: 1000 } });

/** A figure on screen as a number (the reader's grouping removed). */
const figure = async (p: Page, testId: string) =>
  Number((await p.getByTestId(testId).innerText()).replace(/[^\d]/g, ''));

/** The account list's totals per entrance: the users repository, not the dashboard's query. */
async function listTotals(p: Page): Promise<Record<Entrance | 'devices', number>> {
  const out = { devices: 0 } as Record<Entrance | 'devices', number>;
  for (const entrance of ENTRANCES)
    out[entrance] = (
      await apiAs<{ total: number }>(p, 'POST', `${CONSOLE_PATHS.userList}?page=1&size=1`, { entrance })
    ).total;
  out.devices = (await apiAs<{ total: number }>(p, 'POST', `${PLATFORM_PATHS.deviceList}?page=1&size=1`, {})).total;
  return out;
}

/**
 * The screen's figures once the lists are still between two reads (other journeys create
 * accounts on the same server): the totals before, the page loaded, the totals after.
 */
async function stableFigures(p: Page) {
  for (let attempt = 0; ; attempt++) {
    const before = await listTotals(p);
    await p.reload();
    await p.getByTestId('dashboard').waitFor();
    const shown = { devices: 0 } as Record<Entrance | 'devices', number>;
    for (const e of ENTRANCES) shown[e] = await figure(p, `dash-users-${e}`);
    shown.devices = await figure(p, 'dash-devices-total');
    const after = await listTotals(p);
    if (JSON.stringify(before) === JSON.stringify(after) || attempt === 4) return { shown, expected: after };
  }
}

describe('console dashboard', () => {
  it("shows the platform's figures equal to its lists, with charts, links to the lists, in zh and en", async () => {
    const { page } = j;
    await signInBackOffice(page);
    await page.getByTestId('dashboard').waitFor();
    await page.getByTestId('dash-trend').or(page.getByTestId('dash-records-empty')).waitFor();
    await page.getByTestId('dash-users-chart').locator('canvas').waitFor();
    expect(await page.getByText('各入口账号').count()).toBe(1);

    const { shown, expected } = await stableFigures(page);
    expect(shown).toEqual(expected);
    // The seeded admin, at least, is a back-office account.
    expect(shown.sys).toBeGreaterThan(0);

    // Records, queue and storage as the server counted them (its SQL is checked against the
    // database in platform.routes.test.ts); the screen must show exactly those.
    const now = await apiAs<DashboardSummary>(page, 'GET', PLATFORM_PATHS.dashboard);
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    const later = await apiAs<DashboardSummary>(page, 'GET', PLATFORM_PATHS.dashboard);
    for (const w of ['today', 'days7', 'days30'] as const) {
      const onScreen = await figure(page, `dash-records-${w}`);
      // Another journey may add a record meanwhile: the screen lies between the two reads.
      expect(onScreen).toBeGreaterThanOrEqual(now.records[w].total);
      expect(onScreen).toBeLessThanOrEqual(later.records[w].total);
    }
    // The admin reads the audit log: the newest events come along, with the way to the whole log.
    await page.getByTestId('dash-audit').waitFor();

    // A figure leads to its list: the back-office accounts, filtered on the account list.
    const entrance: Entrance = 'sys';
    await page.getByTestId(`dash-users-${entrance}`).click();
    await page.waitForURL(/\/pc\/system\/user\?entrance=sys$/);
    await page.getByTestId('console-users').waitFor();
    await expect
      .poll(async () =>
        (await page.getByTestId('console-users').locator('.ant-pagination-total-text').innerText()).replace(
          /[^\d]/g,
          '',
        ),
      )
      .toBe(String(expected.sys));
    // Every entrance is the list's default: a plain visit shows the display and member accounts too.
    const all = await apiAs<{ total: number }>(page, 'POST', `${CONSOLE_PATHS.userList}?page=1&size=1`, {});
    expect(all.total).toBeGreaterThan(expected.sys);
    await page.goto(`${BASE}/pc/system/user`);
    await page.getByTestId('console-users').waitFor();
    await expect
      .poll(async () =>
        Number(
          (await page.getByTestId('console-users').locator('.ant-pagination-total-text').innerText()).replace(
            /[^\d]/g,
            '',
          ),
        ),
      )
      .toBeGreaterThanOrEqual(all.total);

    // The device list, and English.
    await page.goto(`${BASE}/pc/system/device`);
    await page.getByTestId('console-devices').waitFor();
    await page.getByText('所有已登记的设备', { exact: false }).waitFor();
    await page.getByTestId('language-switch').getByText('EN').click();
    await page.getByText('Every registered device', { exact: false }).waitFor();
    await page.goto(`${BASE}/pc/welcome`);
    await page.getByTestId('dashboard').waitFor();
    await page.getByText('Accounts per entrance').waitFor();
    await page.getByText('Analysis engine versions').waitFor();
    const en = await stableFigures(page);
    expect(en.shown).toEqual(en.expected);
    expect(j.errors).toEqual([]);
  }, 240_000);
});
