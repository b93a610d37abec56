import { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { refetchOnLanguageChange } from './language-refetch.js';

describe('refetchOnLanguageChange', () => {
  it('marks every fetched answer stale when the reader switches language, and stops when unsubscribed', async () => {
    const client = new QueryClient();
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'zh', resources: {}, initAsync: false });
    client.setQueryData(['records'], { conclusion: '湿热证' });
    const stop = refetchOnLanguageChange(client, i18n);
    expect(client.getQueryState(['records'])?.isInvalidated).toBe(false);
    await i18n.changeLanguage('en');
    expect(client.getQueryState(['records'])?.isInvalidated).toBe(true);
    stop();
    client.setQueryData(['records'], { conclusion: 'Damp-heat pattern' });
    await i18n.changeLanguage('zh');
    expect(client.getQueryState(['records'])?.isInvalidated).toBe(false);
  });
});
