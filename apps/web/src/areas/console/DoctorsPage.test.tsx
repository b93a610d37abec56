import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DOCTOR_APPROVAL_PATHS, type DoctorRow, type UserInfoBase } from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { setSession } from '../../lib/session.js';
import { envelope, resetFetchAndSession } from '../../test/fetch-stub.js';
import DoctorsPage from './DoctorsPage.js';
import '../../lib/i18n.js';

/** The doctors page on the list frame: the same calls and screen as before the frame. Only `fetch` is replaced. */
afterEach(resetFetchAndSession);

const DOCTOR: DoctorRow = {
  id: '00000000-0000-4000-8000-000000000001',
  loginName: 'dr-li',
  name: '李医生',
  email: null,
  phone: '13800000000',
  organisation: '一院',
  title: '主治医师',
  kind: 'doctor',
  status: 1,
  approval: 'rejected',
  approvalReason: '证书不清晰',
  decidedBy: 'admin',
  decidedAt: '2026-11-20T02:00:00Z',
  createdAt: '2026-11-19T02:00:00Z',
};

const ROUTE = {
  buttons: [
    {
      buttonCode: 'sysDoctor-approve',
      buttonName: '审核',
      buttonNameEn: 'Review',
      buttonIcon: null,
      buttonUrl: 'approveDoctor',
    },
  ],
} as unknown as BuiltRoute;

describe('doctor registrations page', { timeout: 90_000 }, () => {
  it('opens on the pending ones, filters by another state, and opens the decision on the selected row', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).includes(DOCTOR_APPROVAL_PATHS.list)) bodies.push(JSON.parse(init?.body as string));
        return envelope(0, { list: [DOCTOR], total: 1 });
      }),
    );
    setSession({ user: { buttons: ['sysDoctor-approve'] } as UserInfoBase });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DoctorsPage route={ROUTE} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('李医生')).toBeTruthy();
    expect(bodies[0]).toEqual({ approval: 'pending' });
    expect(screen.getByTestId('console-doctors').textContent).toContain('证书不清晰');
    fireEvent.mouseDown(within(screen.getByTestId('approval-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('已驳回'));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ approval: 'rejected' }));
    fireEvent.click(within((await screen.findByText('李医生')).closest('tr')!).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('btn-sysDoctor-approve'));
    expect(await screen.findByTestId('doctor-decide')).toBeTruthy();
  });
});
