import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BASE } from './browser.js';
import { useJourney } from './hooks.js';
import { apiAs, firstBackOfficeSignIn, signInBackOffice } from './helpers.js';

// One Chromium for the file, a fresh context per journey (e2e/hooks.ts).
const VIEWPORT = { width: 1400, height: 900 };
const j = useJourney({ viewport: VIEWPORT });

interface Node {
  id: number;
  pid: number;
  sort: number;
  path: string | null;
  buttonCode: string | null;
  children: Node[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const FIRST = 'Harbour-lights-93';
const NEXT = 'Copper-kettle-58';

/** The side menu's entries, top to bottom. */
const sideItems = (p: Page) => p.getByTestId('side-menu').locator('.ant-menu-item').allInnerTexts();

describe('console: roles, users and menus', () => {
  it('an admin builds a role with two pages and one button; its holder sees exactly those; a moved page follows (zh, en)', async () => {
    const { browser, page, errors } = j;
    await signInBackOffice(page);
    const tree = flat(await apiAs<Node[]>(page, 'GET', '/backend/sys/v1/menu/tree/0'));
    const users = tree.find((n) => n.path === '/system/user')!;
    const translations = tree.find((n) => n.path === '/system/translation')!;
    const history = tree.find((n) => n.buttonCode === 'sysUser-history')!;

    // The role, made on the roles screen: the translation page and one button of the user page
    // (ticking the button ticks its page and head entry).
    const code = `auditor-${Date.now()}`;
    await page.goto(`${BASE}/pc/system/role`);
    await page.getByTestId('btn-sysRole-add').click();
    await page.getByTestId('role-code').fill(code);
    await page.getByTestId('role-name').fill('审计员');
    await page.getByTestId(`grant-${translations.id}`).click();
    await page.getByTestId(`grant-${history.id}`).click();
    await page.getByTestId('role-save').click();
    await page.getByTestId('console-roles').getByText(code).waitFor();
    const role = (
      await apiAs<Array<{ id: string; code: string; menuIds: number[] }>>(page, 'GET', '/backend/sys/v1/role/list')
    ).find((r) => r.code === code)!;
    expect(role.menuIds).toEqual(expect.arrayContaining([users.id, translations.id, history.id, users.pid]));
    expect(role.menuIds).toHaveLength(4);

    // The account is seeded through the API; it must choose its own password at the first sign-in.
    const loginName = `aud_${Date.now()}`;
    await apiAs(page, 'POST', '/backend/sys/v1/user/add', {
      loginName,
      name: '审计员甲',
      password: FIRST,
      roleIds: [role.id],
    });
    const context = await browser.newContext({ viewport: VIEWPORT });
    const user = (j.shown = await context.newPage());
    await firstBackOfficeSignIn(user, loginName, { first: FIRST, next: NEXT }, /\/pc\/system\/user$/);
    await user.getByTestId('console-users').waitFor();
    await user.getByTestId('side-menu').getByText('语言翻译').waitFor();

    // Exactly the granted pages and the one button.
    expect(await sideItems(user)).toEqual(['用户管理', '语言翻译']);
    const buttons = await user.getByTestId('toolbar').first().locator('button').allInnerTexts();
    expect(buttons).toEqual(['登录记录']);

    // The admin drags the translation page in front of the user page. The seeded tree has grown
    // (corporations, content, enquiries, settings): a tall window keeps both pages in view, so the
    // drag does not scroll the page while it runs.
    await page.setViewportSize({ width: VIEWPORT.width, height: 2000 });
    await page.goto(`${BASE}/pc/system/menu`);
    const nodeOf = (id: number) => page.locator('.ant-tree-treenode', { has: page.getByTestId(`menu-node-${id}`) });
    const target = nodeOf(users.id);
    const box = (await target.boundingBox())!;
    // 30 px to the left of where the drag starts: the row above the user page can be the last
    // child of the page before it (the welcome page's dashboard button, issue 33), and the tree
    // (rc-tree) climbs one level per indent moved left, so the drop lands between the two pages.
    await nodeOf(translations.id).dragTo(target, { targetPosition: { x: box.width / 2 - 30, y: 2 } });
    await expect
      .poll(async () => {
        const now = flat(await apiAs<Node[]>(page, 'GET', `/backend/sys/v1/menu/tree/${users.pid}`));
        return now.find((n) => n.id === translations.id)!.sort < now.find((n) => n.id === users.id)!.sort;
      })
      .toBe(true);

    // The holder's menu follows at the next page load, in both languages.
    await user.reload();
    await user.getByTestId('console-users').waitFor();
    await user.getByTestId('side-menu').getByText('语言翻译').waitFor();
    expect(await sideItems(user)).toEqual(['语言翻译', '用户管理']);
    await user.getByTestId('language-switch').getByText('EN').click();
    await user.getByTestId('side-menu').getByText('Translations').waitFor();
    expect(await sideItems(user)).toEqual(['Translations', 'Users']);
    expect(await user.getByTestId('toolbar').first().locator('button').allInnerTexts()).toEqual(['Sign-in history']);
    await context.close();
    j.shown = undefined;
    expect(errors).toEqual([]);
    // Two sign-ins through the jigsaw, two builds of the console and a drag: long on a shared machine.
  }, 240_000);
});
