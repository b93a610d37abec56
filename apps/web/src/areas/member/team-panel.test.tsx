import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TEAM_PATHS, type TeamOverview } from '@tcm/contract';
import { i18n } from '../../lib/i18n.js';
import { envelope, resetFetchAndSession } from '../../test/fetch-stub.js';
import { TeamPanel } from './TeamPanel.js';
import './texts.js';

afterEach(async () => {
  resetFetchAndSession();
  await i18n.changeLanguage('zh');
});

const team: TeamOverview = {
  team: { id: '00000000-0000-4000-8000-0000000000a1', name: '甲队', createdAt: '2026-11-01T00:00:00Z' },
  leader: true,
  members: [
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      loginName: 'zhang',
      name: '张三',
      teamLeader: 0,
      canConfigTreatPlan: 0,
      displayPermission: 0,
    },
  ],
  invitations: [],
  pendingApplications: 0,
};

/** The heading above the members' names, read from the leader's members table. */
async function nameHeading(): Promise<string> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (String(url).startsWith(TEAM_PATHS.mine) ? envelope(0, team) : envelope(0, null))),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <TeamPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const cell = await screen.findByText('张三');
  const table = cell.closest('table')!;
  return within(table).getAllByRole('columnheader')[0]!.textContent ?? '';
}

describe("the leader's members table (issue 34)", () => {
  it('heads the name column with what it holds, not "applicant"', async () => {
    expect(await nameHeading()).toBe('成员姓名');
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    expect(await nameHeading()).toBe('Member name');
  });
});
