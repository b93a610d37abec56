import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { CONTENT_PATHS } from '@tcm/contract';
import { renderAt } from '../../test/render-at.js';
import { envelope, resetFetchAndSession } from '../../test/fetch-stub.js';
import { newsItem } from '../../test/news-item.js';

// Issue 22 item 7: the news detail and the detection page load no Ant Design (nor the editor or
// the charts) on first paint, like the home; antd comes with what the visitor opens later.

const src = [process.cwd(), join(process.cwd(), 'apps/web')].map((p) => join(p, 'src')).find(existsSync)!;
// DOMPurify too (issue 34 item 3): the news page cleans a body it fetched with a lazily loaded one.
const HEAVY = /^(?:antd|@ant-design\/|echarts|@tiptap\/|dompurify$)/;

/** Specifiers a module imports statically for its values (type-only imports are erased). */
export function staticImports(source: string): string[] {
  const re = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?(['"])([^'"\n]+)\1/gm;
  return [...source.matchAll(re)].map((m) => m[2]!);
}

/** The heavy packages reached from `file` through static imports of our own modules. */
function heavyReached(file: string, seen = new Set<string>(), path: string[] = []): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  return staticImports(readFileSync(file, 'utf8')).flatMap((s) => {
    if (HEAVY.test(s)) return [`${[...path, file.slice(src.length + 1)].join(' > ')}: ${s}`];
    if (!s.startsWith('.')) return [];
    const base = resolve(dirname(file), s).replace(/\.js$/, '');
    const next = ['.ts', '.tsx'].map((e) => base + e).find(existsSync);
    return next ? heavyReached(next, seen, [...path, file.slice(src.length + 1)]) : [];
  });
}

/** Our own modules reached from `file` through static imports. */
function ownReached(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const s of staticImports(readFileSync(file, 'utf8'))) {
    if (!s.startsWith('.')) continue;
    const base = resolve(dirname(file), s).replace(/\.js$/, '');
    const next = ['.ts', '.tsx'].map((e) => base + e).find(existsSync);
    if (next) ownReached(next, seen);
  }
  return seen;
}

afterEach(resetFetchAndSession);

describe('first load of the light site pages', () => {
  it('finds static imports and leaves out type-only and lazy ones (so the check below can fail)', () => {
    const text = [
      "import { Button } from 'antd';",
      "import type { X } from 'echarts';",
      "import './texts.js';",
      "export { a } from './a.js';",
      "const C = lazy(() => import('./Heavy.js'));",
    ].join('\n');
    expect(staticImports(text)).toEqual(['antd', './texts.js', './a.js']);
  });

  it.each([
    'areas/site/SiteArea.tsx',
    'areas/site/content/NewsDetailPage.tsx',
    'areas/site/detection/TongueAnalyzePage.tsx',
  ])('%s reaches no antd, editor, charts or DOMPurify through static imports', (file) => {
    expect(heavyReached(join(src, file))).toEqual([]);
  });

  it('the server-side first HTML module reaches no browser storage (the session) through static imports', () => {
    // The server imports it in Node at start; a module reading localStorage there leaves every
    // public page without its first HTML (issue 34: the home's news list once did).
    const reached = [...ownReached(join(src, 'prerender/site-prerender.tsx'))].map((f) => f.slice(src.length + 1));
    expect(reached).toContain('areas/site/SiteHome.tsx');
    expect(reached.filter((f) => /^lib\/(session|api)\.ts$/.test(f))).toEqual([]);
  });

  it('news detail: the item in plain markup, pictures of the body load lazily; a draft reads as not found', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).includes(CONTENT_PATHS.portalNewsItem(7))) return envelope(0, newsItem());
        return new Response(JSON.stringify({ code: 1500001, msg: '内容不存在', data: null }), { status: 404 });
      }),
    );
    renderAt('/xinwendongtai/7');
    const detail = await screen.findByTestId('news-detail', {}, { timeout: 15_000 });
    expect(detail.querySelector('h1')?.textContent).toBe('平台上线');
    const img = screen.getByTestId('news-body').querySelector('img')!;
    expect([img.getAttribute('loading'), img.getAttribute('onerror')]).toEqual(['lazy', null]);
    const cover = detail.querySelector('img.site-cover')!;
    // Fixed width and height (a 16:9 frame): the text below does not move when the cover arrives.
    expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['900', '506']);
    expect(screen.getByTestId('cms-sources').textContent).toBe('《中医诊断学》');
    expect(document.querySelector('[class^="ant-"]')).toBeNull();

    renderAt('/xinwendongtai/8');
    expect((await screen.findByTestId('news-missing', {}, { timeout: 15_000 })).textContent).toBe(
      '该页面不存在或尚未发布',
    );
  });

  it('/tongueAnalyze: a plain upload form that refuses a wrong file and accepts a photo', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    renderAt('/tongueAnalyze');
    const upload = await screen.findByTestId('tongue-upload', {}, { timeout: 15_000 });
    expect(document.querySelector('[class^="ant-"]')).toBeNull();
    const submit = screen.getByTestId<HTMLButtonElement>('analyze-submit');
    expect(submit.disabled).toBe(true);
    const input = upload.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect((await screen.findByTestId('tongue-problem')).textContent).toBe('文件格式不正确');
    const photo = readFileSync(join(src, '../../../../shared/data/tongue/images/TE0000003.jpg'));
    fireEvent.change(input, { target: { files: [new File([photo], 'tongue.jpg', { type: 'image/jpeg' })] } });
    expect((await screen.findByTestId('tongue-preview')).getAttribute('alt')).toBe('tongue.jpg');
    expect(screen.queryByTestId('tongue-problem')).toBeNull();
    expect(submit.disabled).toBe(false);
    expect(screen.getByTestId('tongue-camera')).toBeTruthy();
  });
});
