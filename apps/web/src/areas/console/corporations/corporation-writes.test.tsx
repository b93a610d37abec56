import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CORPORATION_PATHS, H5_DEFAULT_BRANDING, type AppKey, type Corporation } from '@tcm/contract';
import { resetFetchAndSession } from '../../../test/fetch-stub.js';
import { renderWithQuery } from '../../../test/render-with-query.js';
import { expectOneWriteWhilePending, UNDER_LOAD, stubServer } from '../../../test/server-stub.js';
import { KeysDrawer } from './KeysDrawer.js';
import '../../../lib/i18n.js';

/**
 * The keys drawer writes through its mutation hooks (docs/web.md "Server data"): a new key is
 * sent once while the button spins, the key list is read again and the secret is shown; a
 * refused key shows the server's message. Only `fetch` is replaced.
 */
afterEach(resetFetchAndSession);

const CORP: Corporation = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: '合作方甲',
  contact: null,
  flags: { api: true, h5: false, wx: false },
  enabled: true,
  h5: H5_DEFAULT_BRANDING,
  activeKeys: 0,
  createdAt: '2026-11-20T02:00:00Z',
};
const key = (n: number): AppKey => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  corporationId: CORP.id,
  appKey: `ak_test_${n}`,
  label: null,
  status: 'active',
  rateLimitPerMin: 60,
  dailyQuota: 1000,
  createdAt: '2026-11-20T02:00:00Z',
  rotatedAt: null,
  revokedAt: null,
});

function openKeys() {
  const keys = [key(1)];
  const server = stubServer([
    [CORPORATION_PATHS.keys(CORP.id), () => keys],
    [
      CORPORATION_PATHS.keyAdd,
      () => {
        keys.push(key(2));
        return { ...key(2), secret: 'sk_once' };
      },
    ],
  ]);
  renderWithQuery(<KeysDrawer corporation={CORP} onClose={() => undefined} />);
  return server;
}

// antd drawers and tables render slowly on the shared 2-core machine (load, not a defect).
describe('corporation key writes', { timeout: 90_000 }, () => {
  it('creates a key once while the button spins, reads the keys again and shows the secret', async () => {
    const server = openKeys();
    expect(await screen.findByText('ak_test_1')).toBeTruthy();
    await expectOneWriteWhilePending(server, CORPORATION_PATHS.keyAdd, () => screen.getByTestId('create-key'));
    expect((await screen.findByTestId('new-secret')).textContent).toBe('sk_once');
    // The new key is a row of the table (the secret dialog names it too).
    await waitFor(() => expect(document.querySelectorAll('.ant-table-tbody .ant-table-row')).toHaveLength(2));
    expect(server.count(CORPORATION_PATHS.keys(CORP.id))).toBe(2);
  });

  it("a refused key shows the server's message and no secret", async () => {
    const server = openKeys();
    await screen.findByText('ak_test_1');
    server.refuse(CORPORATION_PATHS.keyAdd, 4500010, '该合作方已停用');
    fireEvent.click(screen.getByTestId('create-key'));
    expect(await screen.findByText('该合作方已停用', {}, UNDER_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('new-secret')).toBeNull();
    expect(server.count(CORPORATION_PATHS.keys(CORP.id))).toBe(1);
  });
});
