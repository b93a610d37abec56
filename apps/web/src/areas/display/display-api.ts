import { useEffect, useEffectEvent, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DISPLAY_EVENTS, DISPLAY_PATHS, type DisplayFeedItem, type DisplaySummary } from '@tcm/contract';
import { http } from '../../lib/api.js';

/** Whose data the dashboard shows: the platform (display account) or one team (member). */
export type DisplayScope = { kind: 'platform' } | { kind: 'team'; teamId: string };

/** The aggregates are read again this often: the counts move with every new result. */
export const SUMMARY_REFRESH_MS = 30_000;
/** The feed keeps this many newest results on screen. */
export const FEED_SHOWN = 12;

const summaryPath = (s: DisplayScope) =>
  s.kind === 'team' ? DISPLAY_PATHS.teamSummary(s.teamId) : DISPLAY_PATHS.summary;
const feedPath = (s: DisplayScope) => (s.kind === 'team' ? DISPLAY_PATHS.teamFeed(s.teamId) : DISPLAY_PATHS.feed);

/** Query keys of the dashboards. */
export const DISPLAY_KEYS = {
  summary: (s: DisplayScope) => ['display', s] as const,
};

export const useDisplaySummary = (scope: DisplayScope) =>
  useQuery({
    queryKey: DISPLAY_KEYS.summary(scope),
    queryFn: () => http.get<DisplaySummary>(summaryPath(scope), { params: { days: 30 } }),
    refetchInterval: SUMMARY_REFRESH_MS,
  });

export type FeedState = { items: DisplayFeedItem[]; live: boolean };

/**
 * The live feed (server-sent events, authenticated by the access_token cookie): newest first.
 * EventSource reconnects by itself; `live` is false while it is down. Each new result makes the
 * scope's summary stale, so the counts are read again then (not only every 30 s).
 */
export function useDisplayFeed(scope: DisplayScope): FeedState {
  const qc = useQueryClient();
  const [state, setState] = useState<FeedState>({ items: [], live: false });
  const key = JSON.stringify(scope);
  // Read when an event comes: the latest scope, with no new connection.
  const heard = useEffectEvent(() => void qc.invalidateQueries({ queryKey: DISPLAY_KEYS.summary(scope) }));
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(feedPath(JSON.parse(key) as DisplayScope), { withCredentials: true });
    source.onopen = () => setState((s) => ({ ...s, live: true }));
    source.onerror = () => setState((s) => ({ ...s, live: false }));
    source.addEventListener(DISPLAY_EVENTS.item, (e) => {
      const item = JSON.parse((e as MessageEvent<string>).data) as DisplayFeedItem;
      setState((s) => ({
        live: true,
        items: [item, ...s.items.filter((i) => i.id !== item.id)].slice(0, FEED_SHOWN),
      }));
      heard();
    });
    return () => source.close();
  }, [key]);
  return state;
}
