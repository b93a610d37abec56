import { CONTENT_PATHS, type ContentPage } from '@tcm/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/api.js';

/** How many news items the home lists. */
export const HOME_NEWS = 3;

/** The home's reads, per reader language (the server answers in it). */
export const HOME_KEYS = {
  latestNews: (lang: string) => ['site-news-latest', lang] as const,
};

/** The latest published news (zod-free and without the back office's API module: the home's first load stays small). */
export const homeApi = {
  latestNews: () =>
    http.get<ContentPage>(CONTENT_PATHS.portalNews, { params: { page: 1, size: HOME_NEWS }, noErrorMessage: true }),
};

/** The home's latest news in the reader's language; a failure is shown, not retried. */
export const useLatestNews = (lang: string) =>
  useQuery({ queryKey: HOME_KEYS.latestNews(lang), queryFn: homeApi.latestNews, retry: false });
