import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n.js';
import { AppRoutes } from '../app/AppRoutes.js';

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

/**
 * Renders the whole route tree at `path` with the providers App gives it (a fresh query client,
 * no retries so a page without a server settles at once); `getByTestId('where')` shows where the
 * router ended up.
 */
export function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <Where />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
