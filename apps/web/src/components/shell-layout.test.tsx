import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ShellLayout } from './ShellLayout.js';

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

// jsdom answers every media query "no" (test/setup.ts), so antd sees a screen below md: a phone.
describe('the signed-in frame on a phone', () => {
  it('keeps the menu in a drawer opened from the header, not a tab floating over the page', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/a']}>
          <ShellLayout
            side={[
              {
                key: 'g',
                label: 'G',
                items: [
                  { key: '/a', label: 'Page A' },
                  { key: '/b', label: 'Page B' },
                ],
              },
            ]}
            loginPath="/x"
          >
            <p>content</p>
          </ShellLayout>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // antd's collapsed Sider drew its ☰ tab over the content; no Sider at all on a phone.
    expect(document.querySelector('.ant-layout-sider')).toBeNull();
    expect(document.querySelector('.ant-layout-sider-zero-width-trigger')).toBeNull();
    expect(screen.queryByText('Page B')).toBeNull();
    fireEvent.click(screen.getByTestId('menu-open'));
    fireEvent.click(await screen.findByText('Page B'));
    expect(screen.getByTestId('where').textContent).toBe('/b');
    // Choosing a page closes the drawer.
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  });
});
