import type { ContentItem } from '@tcm/contract';

/** A published news item as the portal call answers it (id 7), for the site pages' tests. */
export function newsItem(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: 7,
    kind: 'news',
    name: null,
    lang: 'zh',
    title: '平台上线',
    summary: null,
    body: '<p>今天上线。</p><img src="/backend/file/a.png" onerror="alert(1)">',
    coverUrl: '/backend/file/cover.png',
    sources: ['《中医诊断学》'],
    published: true,
    publishAt: '2026-11-20T02:00:00Z',
    createdAt: '2026-11-19T02:00:00Z',
    updatedAt: '2026-11-19T02:00:00Z',
    ...overrides,
  };
}
