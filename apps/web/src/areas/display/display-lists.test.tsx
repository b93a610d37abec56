import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { DisplayFeedItem, DisplaySummary } from '@tcm/contract';
import { setLanguage } from '../../lib/i18n.js';
import { DevicesPanel, FeedPanel } from './DisplayLists.js';
import './texts.js';

afterEach(async () => {
  cleanup();
  await setLanguage('zh');
});

const item: DisplayFeedItem = {
  id: 'r1',
  name: '王*明',
  sex: 'male',
  age: 52,
  source: 'device',
  constitution: 'B',
  pattern: { id: 'qi', zh: '气虚证', en: 'Qi deficiency' },
  risk: 'high',
  region: '浙江',
  finishedAt: '2026-11-26T06:30:00Z',
};
const words = {
  constitution: (c: string) => `C:${c}`,
  riskWord: (r: string) => `R:${r}`,
  province: (p: string) => `P:${p}`,
};
const devices: DisplaySummary['devices'] = {
  online: 1,
  offline: 2,
  disabled: 0,
  list: [
    { id: 'd1', name: '一号机', location: '杭州', status: 'online', lastSeenAt: null, today: 3 },
    ...Array.from({ length: 5 }, (_, i) => ({
      id: `x${i}`,
      name: `dev ${i}`,
      location: null,
      status: 'offline' as const,
      lastSeenAt: null,
      today: 0,
    })),
  ],
};

describe('display lists', () => {
  it('the feed shows the masked name, sex, age and the looked-up words; empty and reconnecting states', async () => {
    render(<FeedPanel feed={{ items: [item], live: true }} {...words} />);
    const row = screen.getByTestId('feed-item');
    expect(row.textContent).toContain('王*明 男 52岁');
    expect(row.textContent).toContain('C:B');
    expect(row.textContent).toContain('R:high');
    expect(row.textContent).toContain('P:浙江');
    expect(screen.getByText('实时')).toBeTruthy();
    cleanup();
    await setLanguage('en');
    render(<FeedPanel feed={{ items: [], live: false }} {...words} />);
    expect(screen.getByTestId('feed-empty').textContent).toBe('Waiting for new results…');
    expect(screen.getByText('Reconnecting')).toBeTruthy();
  });

  it('devices: the counts of every state and only the rows that fit', () => {
    render(<DevicesPanel devices={devices} />);
    expect(screen.getByTestId('panel-devices').textContent).toContain('在线 1 · 离线 2 · 停用 0');
    expect(screen.getAllByTestId('device-row')).toHaveLength(4);
    expect(screen.getAllByTestId('device-row')[0]!.textContent).toContain('今日 3 例');
  });

  it('no devices: the panel says what is missing and links to where devices are registered (zh, en)', async () => {
    const none = { online: 0, offline: 0, disabled: 0, list: [] };
    const setup = { to: '/device', label: '登记设备并填写位置' };
    render(
      <MemoryRouter>
        <DevicesPanel devices={none} setup={setup} />
      </MemoryRouter>,
    );
    const note = screen.getByTestId('devices-empty');
    expect(note.textContent).toContain('团队负责人登记设备');
    expect(note.querySelector('a')?.getAttribute('href')).toBe('/device');
    expect(note.querySelector('a')?.getAttribute('target')).toBe('_blank');
    cleanup();
    await setLanguage('en');
    render(
      <MemoryRouter>
        <DevicesPanel devices={none} setup={{ to: '/system/device', label: 'See the devices' }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('devices-empty').textContent).toContain('once a team leader registers them');
    expect(screen.getByTestId('devices-empty').querySelector('a')?.getAttribute('href')).toBe('/system/device');
  });
});
