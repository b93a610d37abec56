import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  CONSOLE_PATHS,
  MENU_PATHS,
  ORGANIZATION_PATHS,
  type ConsoleRole,
  type ConsoleUser,
  type ConsoleUserPage,
  type MenuNode,
  type OrganizationNode,
} from '@tcm/contract';
import { BASE } from './browser.js';
import { useJourney } from './hooks.js';
import { apiAs, firstBackOfficeSignIn, signInBackOffice } from './helpers.js';

// Organizations (issue 33 item 3): the admin builds a two-level tree on the page and assigns an
// account there; a role whose data scope is "own organization and below" then sees only the
// accounts of that subtree. Accounts and the role are seeded through the API; zh, then en.
const VIEWPORT = { width: 1400, height: 1000 };
const j = useJourney({ viewport: VIEWPORT });

const FIRST = 'Lantern-orchid-47';
const NEXT = 'Granite-heron-62';
const stamp = Date.now().toString(36);
const flatMenus = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatMenus(n.children)]);
const flatOrgs = (nodes: OrganizationNode[]): OrganizationNode[] => nodes.flatMap((n) => [n, ...flatOrgs(n.children)]);

/** Adds an organization through its dialog, under the one selected in the tree (or at the top). */
async function addOnPage(p: Page, name: string, code: string) {
  await p.getByTestId('btn-sysOrg-add').click();
  await p.getByTestId('organization-name').fill(name);
  await p.getByTestId('organization-code').fill(code);
  await p.getByTestId('organization-save').click();
  await p.getByTestId(`org-node-${code}`).waitFor();
}

describe('console organizations', () => {
  it('the admin builds a two-level tree and assigns an account; a subtree-scoped role sees only that subtree (zh, en)', async () => {
    const { browser, page, errors } = j;
    await signInBackOffice(page);
    await page.goto(`${BASE}/pc/system/organization`);
    await page.getByTestId('console-organizations').waitFor();
    await page.getByText('机构树', { exact: false }).waitFor();

    const root = `east-${stamp}`;
    const child = `hz-${stamp}`;
    await addOnPage(page, `华东总院 ${stamp}`, root);
    await page.getByTestId(`org-node-${root}`).click();
    await addOnPage(page, `杭州分院 ${stamp}`, child);
    const tree = flatOrgs(await apiAs<OrganizationNode[]>(page, 'GET', ORGANIZATION_PATHS.tree));
    const rootOrg = tree.find((o) => o.code === root)!;
    const childOrg = tree.find((o) => o.code === child)!;
    expect(childOrg.parentId).toBe(rootOrg.id);

    // Seeded through the API: an account to assign, one in another organization, and the role.
    const other = await apiAs<OrganizationNode>(page, 'POST', ORGANIZATION_PATHS.add, {
      name: `西部 ${stamp}`,
      code: `west-${stamp}`,
    });
    const addUser = (loginName: string, extra: object) =>
      apiAs<ConsoleUser>(page, 'POST', CONSOLE_PATHS.userAdd, {
        loginName,
        name: `用户 ${loginName}`,
        password: FIRST,
        ...extra,
      });
    const inChild = await addUser(`hz_${stamp}`, {});
    const inOther = await addUser(`west_${stamp}`, { organizationId: other.id });
    const menus = flatMenus(await apiAs<MenuNode[]>(page, 'GET', MENU_PATHS.tree(0)));
    const usersPage = menus.find((m) => m.path === '/system/user' && m.area === 'console')!;
    const role = await apiAs<ConsoleRole>(page, 'POST', CONSOLE_PATHS.roleAdd, {
      code: `org_${stamp}`,
      name: `机构管理员 ${stamp}`,
      dataScope: 'organizationTree',
      menuIds: [usersPage.pid, usersPage.id],
    });
    const scoped = await addUser(`orgadmin_${stamp}`, { organizationId: rootOrg.id, roleIds: [role.id] });

    // The admin assigns the account to the second level on the page.
    await page.getByTestId(`org-node-${child}`).click();
    await page.getByTestId('btn-sysOrg-assign').click();
    await page.getByTestId('organization-assign-users').click();
    await page.keyboard.type(inChild.loginName);
    await page.locator('.ant-select-item-option', { hasText: inChild.loginName }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('organization-assign-save').click();
    await page.getByTestId(`org-node-${child}`).getByText('账号 1 · 团队 0').waitFor();

    // The scoped administrator: first sign-in, forced password change, then the account list.
    const context = await browser.newContext({ viewport: VIEWPORT });
    const user = (j.shown = await context.newPage());
    await firstBackOfficeSignIn(user, scoped.loginName, { first: FIRST, next: NEXT }, /\/pc\/system\/user$/);
    const list = user.getByTestId('console-users');
    await list.getByText(inChild.loginName, { exact: true }).waitFor();
    await list.getByText(scoped.loginName, { exact: true }).waitFor();
    expect(await list.getByText(inOther.loginName, { exact: true }).count()).toBe(0);
    expect(await list.getByText('admin', { exact: true }).count()).toBe(0);
    const seen = await apiAs<ConsoleUserPage>(user, 'POST', `${CONSOLE_PATHS.userList}?size=1000`, {});
    expect(seen.list.map((u) => u.loginName).sort()).toEqual([inChild.loginName, scoped.loginName].sort());

    // English: the scoped list, the organization page and the role form's new scope.
    await user.getByTestId('language-switch').getByText('EN').click();
    await list.getByText(inChild.loginName, { exact: true }).waitFor();
    expect(await list.getByText(inOther.loginName, { exact: true }).count()).toBe(0);
    await context.close();
    j.shown = undefined;
    await page.getByTestId('language-switch').getByText('EN').click();
    await page.getByText('The tree of organizations', { exact: false }).waitFor();
    await page.getByTestId(`org-node-${child}`).getByText('Accounts: 1 · Teams: 0').waitFor();
    await page.goto(`${BASE}/pc/system/role`);
    await page.getByText(`机构管理员 ${stamp}`).waitFor();
    await page.getByText('Own organization and below').first().waitFor();
    expect(errors).toEqual([]);
  }, 240_000);
});
