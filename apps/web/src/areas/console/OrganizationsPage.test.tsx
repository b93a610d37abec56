import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ORGANIZATION_BUTTONS, ORGANIZATION_PATHS, type OrganizationNode, type UserInfoBase } from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { setSession } from '../../lib/session.js';
import { resetFetchAndSession } from '../../test/fetch-stub.js';
import { renderWithQuery } from '../../test/render-with-query.js';
import { UNDER_LOAD, stubServer } from '../../test/server-stub.js';
import OrganizationsPage from './OrganizationsPage.js';
import '../../lib/i18n.js';

/**
 * The organization page over a stand-in server (only `fetch` is replaced): the empty state, an
 * organization added at the top and then under the selected one (the tree read again each time),
 * and a tree that fails to load offering a retry.
 */
afterEach(resetFetchAndSession);

const ROUTE = {
  buttons: [
    {
      buttonCode: ORGANIZATION_BUTTONS.add,
      buttonName: '新增机构',
      buttonNameEn: 'Add organization',
      buttonIcon: null,
      buttonUrl: 'addOrganization',
    },
  ],
} as unknown as BuiltRoute;

const node = (id: string, parentId: string | null, name: string, code: string): OrganizationNode => ({
  id,
  parentId,
  name,
  code,
  sort: 0,
  status: 1,
  userCount: 0,
  teamCount: 0,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  children: [],
});

async function addOne(name: string, code: string) {
  fireEvent.click(await screen.findByTestId(`btn-${ORGANIZATION_BUTTONS.add}`));
  fireEvent.change(await screen.findByTestId('organization-name'), { target: { value: name } });
  fireEvent.change(screen.getByTestId('organization-code'), { target: { value: code } });
  fireEvent.click(screen.getByTestId('organization-save'));
}

// antd trees and modals render slowly on the shared 2-core machine (load, not a defect).
describe('organization page', { timeout: 90_000 }, () => {
  it('starts empty, adds a top organization, then one under the selected one', async () => {
    const roots: OrganizationNode[] = [];
    const server = stubServer([
      [ORGANIZATION_PATHS.tree, () => roots],
      [
        ORGANIZATION_PATHS.add,
        (b) => {
          const { name, code, parentId } = b as { name: string; code: string; parentId: string | null };
          const made = node(`id-${code}`, parentId, name, code);
          if (parentId) roots.find((r) => r.id === parentId)!.children.push(made);
          else roots.push(made);
          return made;
        },
      ],
    ]);
    setSession({ user: { buttons: [ORGANIZATION_BUTTONS.add] } as UserInfoBase });
    renderWithQuery(<OrganizationsPage route={ROUTE} />);
    expect(await screen.findByText('还没有机构，请用工具栏新增第一个。', {}, UNDER_LOAD)).toBeTruthy();

    await addOne('总院', 'root');
    await screen.findByTestId('org-node-root', {}, UNDER_LOAD);
    expect(server.sent.find((s) => s.path === ORGANIZATION_PATHS.add)?.body).toMatchObject({ parentId: null });

    fireEvent.click(screen.getByTestId('org-node-root'));
    await addOne('分院', 'branch');
    await screen.findByTestId('org-node-branch', {}, UNDER_LOAD);
    const adds = server.sent.filter((s) => s.path === ORGANIZATION_PATHS.add);
    expect(adds[1]?.body).toMatchObject({ name: '分院', code: 'branch', parentId: 'id-root' });
    // Read again after each add (the parent picker in the dialog reads the same tree too).
    expect(server.count(ORGANIZATION_PATHS.tree)).toBeGreaterThanOrEqual(3);
  });

  it('a tree that fails to load says so and offers a retry', async () => {
    const server = stubServer([[ORGANIZATION_PATHS.tree, () => []]]);
    server.refuse(ORGANIZATION_PATHS.tree, 1400403, '该机构不在您的数据权限范围内');
    setSession({ user: { buttons: [] } as unknown as UserInfoBase });
    renderWithQuery(<OrganizationsPage route={ROUTE} />);
    expect(await screen.findByText('机构加载失败', {}, UNDER_LOAD)).toBeTruthy();
    // antd spaces a two-character Chinese button label (重 试).
    await waitFor(() => expect(screen.getByRole('button', { name: /重\s?试/ })).toBeTruthy());
  });
});
