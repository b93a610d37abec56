import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUTH_PATHS, DOCTOR_APPROVAL_PATHS, FILE_PATHS, RECORD_PATHS } from '@tcm/contract';
import { BASE, PASSWORD } from './browser.js';
import type { JourneyView } from './hooks.js';
import { outlineMatch } from './register-api.js';

/**
 * Finds the jigsaw answer the way a person does: the hole whose outline has the piece's shape
 * (the holes are filled pale with a dark edge; decoys of other orientations share the row).
 * The page's images are read here and matched by `outlineMatch` (register-api.ts).
 */
export async function solveJigsaw(page: Page): Promise<number> {
  const shown = await page.evaluate(() => {
    const bg = document.querySelector<HTMLImageElement>('[data-testid="jigsaw-bg"]')!;
    const pc = document.querySelector<HTMLImageElement>('[data-testid="jigsaw-piece"]')!;
    return { backgroundImage: bg.src, pieceImage: pc.src, pieceY: parseInt(pc.style.top, 10) };
  });
  return outlineMatch(shown);
}

/** Drags the slider knob right by dx px with the mouse. */
export async function dragKnob(page: Page, dx: number): Promise<void> {
  const knob = page.getByTestId('jigsaw-knob');
  // The modal zooms in; a box measured mid-animation puts the press on the mask, which closes it.
  let box = (await knob.boundingBox())!;
  for (;;) {
    await page.waitForTimeout(100);
    const next = (await knob.boundingBox())!;
    if (next.x === box.x && next.y === box.y && next.width === box.width) break;
    box = next;
  }
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2;
  await page.mouse.move(x0, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x0 + (dx * i) / 10, y);
  await page.mouse.up();
}

/** Fills a login card and submits it. */
export async function fillLogin(page: Page, loginName: string): Promise<void> {
  await page.getByTestId('login-name').fill(loginName);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
}

export type Lang = 'zh' | 'en';

/**
 * Signs in at an entrance's login page (`loginPath` under /pc) in `lang`, chosen with the page's
 * language switch as a person does, and waits for the entrance's `landing` page.
 */
export async function signInAt(
  page: Page,
  loginPath: string,
  lang: Lang,
  loginName: string,
  landing: RegExp,
): Promise<void> {
  await page.goto(`${BASE}/pc${loginPath}`);
  if (lang === 'en') await page.getByTestId('language-switch').getByText('EN').click();
  await fillLogin(page, loginName);
  await page.waitForURL(landing);
}

/** Picks the first option of the open antd select that shows `text`. */
export async function pickOption(page: Page, text: string | RegExp): Promise<void> {
  const option = page.locator('.ant-select-item-option').filter({ hasText: text }).first();
  await option.waitFor();
  await option.click();
}

/**
 * A journey run once in Chinese (`name (zh)`) and once in English ("the same in English"), each a
 * test that ends with no error in the page's console (`view`: the file's `useJourney`).
 */
export function inBothLanguages(
  name: string,
  journey: (lang: Lang) => Promise<void>,
  ms: number,
  view: Pick<JourneyView, 'errors'>,
): void {
  const clean = async (lang: Lang) => {
    await journey(lang);
    expect(view.errors).toEqual([]);
  };
  it(`${name} (zh)`, () => clean('zh'), ms);
  it('the same in English', () => clean('en'), ms);
}

/**
 * Answers the open jigsaw like a person, up to three times, until `reached` (a wait of at most
 * 5 s for what a pass shows) resolves; a miss loads a new challenge. The caller checks the end.
 */
export async function answerJigsaw(page: Page, reached: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.getByTestId('jigsaw-bg').waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('[data-testid="jigsaw-bg"]')?.complete);
    const x = await solveJigsaw(page);
    // A person looks before dragging; the server refuses answers faster than that (JIGSAW.minSolveMs).
    await page.waitForTimeout(600);
    await dragKnob(page, x);
    try {
      await reached();
      return;
    } catch {
      // A miss loads a new challenge; try it.
    }
  }
}

/** Answers the open jigsaw like a person until the page reaches `landing`. */
export async function passJigsaw(page: Page, landing: RegExp): Promise<void> {
  await answerJigsaw(page, () => page.waitForURL(landing, { timeout: 5000 }));
  expect(page.url()).toMatch(landing);
}

/** Back-office sign-in through the jigsaw. */
export async function signInBackOffice(page: Page): Promise<void> {
  await page.goto(`${BASE}/pc/login`);
  await fillLogin(page, 'admin');
  await passJigsaw(page, /\/pc\/welcome$/);
}

export const path = (page: Page) => new URL(page.url()).pathname;

/**
 * A back-office account's first sign-in (an administrator made it): the jigsaw to `landing`, the
 * forced password change from `first` to `next`, and the reload after it, when the calls refused
 * until then run again.
 */
export async function firstBackOfficeSignIn(
  page: Page,
  loginName: string,
  pw: { first: string; next: string },
  landing: RegExp,
): Promise<void> {
  await page.goto(`${BASE}/pc/login`);
  await page.getByTestId('login-name').fill(loginName);
  await page.getByTestId('login-password').fill(pw.first);
  await page.getByTestId('login-submit').click();
  await passJigsaw(page, landing);
  await page.getByTestId('pw-forced').waitFor();
  await page.getByTestId('pw-old').fill(pw.first);
  await page.getByTestId('pw-new').fill(pw.next);
  await page.getByTestId('pw-confirm').fill(pw.next);
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('pw-save').click();
  await reloaded;
}

/**
 * A doctor registered through the API waits for approval (docs/console.md "Doctors"): the
 * administrator approves it in the browser (the back-office password sign-in always wants the
 * jigsaw), then signs out.
 */
export async function approveDoctor(page: Page, loginName: string): Promise<void> {
  await signInBackOffice(page);
  const list = await apiAs<{ list: { id: string; loginName: string }[] }>(
    page,
    'POST',
    `${DOCTOR_APPROVAL_PATHS.list}?page=1&size=100`,
    { approval: 'pending', keyword: loginName },
  );
  await apiAs(page, 'POST', DOCTOR_APPROVAL_PATHS.approve, {
    id: list.list.find((d) => d.loginName === loginName)!.id,
  });
  await page.getByTestId('logout').click();
  await page.waitForURL(/\/pc\/login$/);
}

/** A one-time WeChat OAuth code for this person, from the local protocol server (scripts/e2e.sh). */
export async function wechatCode(person: { openid: string; nickname: string; headimgurl: string }): Promise<string> {
  const base = process.env.E2E_WECHAT_URL;
  if (!base) throw new Error('E2E_WECHAT_URL is not set (run the journeys through scripts/e2e.sh)');
  const res = await fetch(`${base}/__test/code`, { method: 'POST', body: JSON.stringify(person) });
  return ((await res.json()) as { code: string }).code;
}

/**
 * The same access token with its expiry moved into the past, signed (HS256) with the server's
 * JWT_SECRET that scripts/e2e.sh shares: what a browser holds once its token has run out.
 */
export function expiredCopy(token: string): string {
  const secret = process.env.E2E_JWT_SECRET;
  if (!secret) throw new Error('E2E_JWT_SECRET is not set (run the journeys through scripts/e2e.sh)');
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const body = Buffer.from(JSON.stringify({ ...claims, iat: now - 1000, exp: now - 60 })).toString('base64url');
  const sig = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${sig}`;
}

/** A call of the API as the person signed in on `p`, with the access token the page holds. */
export async function apiAs<T>(p: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = await p.evaluate(() => localStorage.getItem('access_token'));
  return apiWith<T>(method, path, token ?? '', body);
}

/** Waits until the record's analysis is done (fails on `failed` or after `ms`). */
export async function recordDone(p: Page, recordId: string, pollMs = 1000, ms = 120_000): Promise<string> {
  const token = await p.evaluate(() => localStorage.getItem('access_token'));
  return recordDoneWith(token ?? '', recordId, pollMs, ms);
}

/** `recordDone` with a bearer token: seeding without a page. */
export async function recordDoneWith(token: string, recordId: string, pollMs = 1000, ms = 120_000): Promise<string> {
  const t0 = Date.now();
  for (;;) {
    const r = await apiWith<{ status: string }>('GET', RECORD_PATHS.detail(recordId), token);
    if (r.status === 'done') return recordId;
    if (r.status === 'failed' || Date.now() - t0 > ms) expect.fail(`record ${r.status}`);
    await new Promise((res) => setTimeout(res, pollMs));
  }
}

/** A record of vital signs only (they analyze quickly) made with a bearer token; answers its id once done. */
export async function vitalsRecordDone(
  token: string,
  person: { name: string; sex: 'male' | 'female'; age: number },
  vitals: { heightCm: number; weightKg: number; systolic: number; diastolic: number },
): Promise<string> {
  const { recordId } = await apiWith<{ recordId: string }>('POST', RECORD_PATHS.create, token, { person, vitals });
  return recordDoneWith(token, recordId);
}

/** A call of the API with a bearer token: seeding without a page. */
export async function apiWith<T>(method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 0) throw new Error(`${path}: ${res.status} ${env.msg}`);
  return env.data;
}

/** Uploads a real file (uuid upload) with a bearer token; its uuid. */
export async function uploadWith(token: string, file: string, name: string): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(file)]), name);
  const res = await fetch(`${BASE}${FILE_PATHS.upload}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return ((await res.json()) as { data: { uuid: string } }).data.uuid;
}

/** An access token of a seeded account, signed in through the API at its entrance (no jigsaw there). */
export async function entranceTokenOf(loginName: string, entrance: 'member' | 'doctor' | 'disease'): Promise<string> {
  const signIn = await fetch(`${BASE}${AUTH_PATHS.entranceSignin(entrance)}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from('tcm-web:tcm-web-secret').toString('base64')}`,
    },
    body: new URLSearchParams({ loginName, loginPassword: PASSWORD }).toString(),
  });
  return ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
}

/** An access token of a seeded member account. */
export const memberTokenOf = (loginName: string): Promise<string> => entranceTokenOf(loginName, 'member');
