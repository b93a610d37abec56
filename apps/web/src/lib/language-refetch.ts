import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';

/**
 * The server words what it stores as ids (a record's conclusion, issue 34 item 4) in the
 * request's language, so answers fetched before the reader switches language are refetched in
 * the new one. Returns the unsubscribe.
 */
export function refetchOnLanguageChange(client: QueryClient, i18n: I18n): () => void {
  const changed = () => void client.invalidateQueries();
  i18n.on('languageChanged', changed);
  return () => i18n.off('languageChanged', changed);
}
