import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CONSOLE_BUTTONS, CONSOLE_PATHS, MENU_PATHS, type ConsoleRole, type UserInfoBase } from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { setSession } from '../../lib/session.js';
import { resetFetchAndSession } from '../../test/fetch-stub.js';
import { renderWithQuery } from '../../test/render-with-query.js';
import { expectOneWriteWhilePending, UNDER_LOAD, stubServer } from '../../test/server-stub.js';
import RolesPage from './RolesPage.js';
import '../../lib/i18n.js';

/**
 * The console writes through its mutation hooks (docs/web.md "Server data"): adding a role
 * reads the role list again, the save button spins and takes no second click while the write
 * runs, and a refusal shows the server's message with the dialog left open. Only `fetch` is
 * replaced.
 */
afterEach(resetFetchAndSession);

const role = (code: string, name: string): ConsoleRole => ({
  id: code,
  code,
  name,
  dataScope: 'self',
  allAccess: false,
  menuIds: [],
  userCount: 0,
});
const ROUTE = {
  buttons: [
    {
      buttonCode: CONSOLE_BUTTONS.roleAdd,
      buttonName: '新增',
      buttonNameEn: 'Add',
      buttonIcon: null,
      buttonUrl: 'addRole',
    },
  ],
} as unknown as BuiltRoute;

function openAddRole() {
  const roles = [role('doctor', '医生')];
  const server = stubServer([
    [CONSOLE_PATHS.roleList, () => roles],
    [MENU_PATHS.tree(0), () => []],
    [
      CONSOLE_PATHS.roleAdd,
      (b) => {
        const { code, name } = b as { code: string; name: string };
        roles.push(role(code, name));
        return roles.at(-1);
      },
    ],
  ]);
  setSession({ user: { buttons: [CONSOLE_BUTTONS.roleAdd] } as UserInfoBase });
  renderWithQuery(<RolesPage route={ROUTE} />);
  return server;
}

async function fillRole(code: string, name: string) {
  fireEvent.click(await screen.findByTestId(`btn-${CONSOLE_BUTTONS.roleAdd}`));
  fireEvent.change(await screen.findByTestId('role-code'), { target: { value: code } });
  fireEvent.change(screen.getByTestId('role-name'), { target: { value: name } });
}

// antd tables and modals render slowly on the shared 2-core machine (load, not a defect).
describe('console writes', { timeout: 90_000 }, () => {
  it('adding a role: one write while the button spins, then the list is read again and shows it', async () => {
    const server = openAddRole();
    expect(await screen.findByText('医生', {}, UNDER_LOAD)).toBeTruthy();
    expect(server.count(CONSOLE_PATHS.roleList)).toBe(1);
    await fillRole('nurse', '护士');
    await expectOneWriteWhilePending(server, CONSOLE_PATHS.roleAdd, () => screen.getByTestId('role-save'));
    expect(await screen.findByText('护士', {}, UNDER_LOAD)).toBeTruthy();
    expect(server.count(CONSOLE_PATHS.roleList)).toBe(2);
    await waitFor(() => expect(screen.queryByTestId('role-save')).toBeNull());
  });

  it("a refused role shows the server's message and keeps the dialog open", async () => {
    const server = openAddRole();
    await screen.findByText('医生');
    server.refuse(CONSOLE_PATHS.roleAdd, 1400409, '角色编码已存在');
    await fillRole('doctor', '医生二');
    fireEvent.click(screen.getByTestId('role-save'));
    expect(await screen.findByText('角色编码已存在', {}, UNDER_LOAD)).toBeTruthy();
    expect(screen.getByTestId('role-save')).toBeTruthy();
    expect(server.count(CONSOLE_PATHS.roleList)).toBe(1);
  });
});
