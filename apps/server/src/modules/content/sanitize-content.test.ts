import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml, sanitizeShownHtml } from './sanitize-content.js';

/** What the news editor writes (issue 34 item 6), as its toolbar makes it. */
const ARTICLE = [
  '<h2>舌象与体质</h2>',
  '<h3>How to read it</h3>',
  '<ul><li><p>舌色</p></li></ul>',
  '<ol><li><p>苔色</p></li></ol>',
  '<blockquote><p>仅供参考</p></blockquote>',
  '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/guide">guide</a> <a href="/pc/pages/privacy">privacy</a> <a href="mailto:info@example.org">mail</a></p>',
  '<img src="/backend/file/a.png" alt="A tongue in daylight">',
  '<table><tbody><tr><th><p>特征</p></th><th colspan="2"><p>说明</p></th></tr><tr><td rowspan="2"><p>齿痕</p></td><td><p>a</p></td><td><p>b</p></td></tr></tbody></table>',
].join('');

describe('the news and page allow-list', () => {
  it('keeps headings, lists, quotes, links, tables (with spans) and image alt text as written', () => {
    // sanitize-html writes void elements self-closed; nothing else changes.
    expect(sanitizeContentHtml(ARTICLE)).toBe(ARTICLE.replace('daylight">', 'daylight" />'));
  });

  it('still removes scripts, event handlers, javascript: and data: URLs, and spans that are not small numbers', () => {
    const out = sanitizeContentHtml(
      [
        '<h2 onclick="alert(1)">t</h2><script>alert(1)</script>',
        '<a href="javascript:alert(1)">x</a><a href="data:text/html,<script>alert(1)</script>">y</a>',
        '<blockquote onmouseover="alert(1)"><p>q</p></blockquote>',
        '<table onload="x()"><tbody><tr><td colspan="1000" rowspan="2 onmouseover=x"><p>c</p></td>',
        '<td style="background:url(javascript:alert(1))" width="1">d</td></tr></tbody></table>',
        '<img src="javascript:alert(1)" alt="x" onerror="alert(1)"><iframe src="https://e.org"></iframe>',
      ].join(''),
    );
    expect(out).not.toMatch(/script|onclick|onmouseover|onload|onerror|javascript|data:|iframe|colspan|rowspan|url\(/i);
    expect(out).toContain('<h2>t</h2>');
    expect(out).toContain('<blockquote><p>q</p></blockquote>');
    expect(out).toContain('<td><p>c</p></td>');
    expect(out).toContain('<a>x</a><a>y</a>');
  });

  it('a link that opens a new tab always carries noopener, whatever the editor sent', () => {
    expect(sanitizeContentHtml('<a href="https://e.org" target="_top" rel="opener">e</a>')).toBe(
      '<a href="https://e.org" target="_blank" rel="noopener noreferrer nofollow">e</a>',
    );
    expect(sanitizeContentHtml('<a href="https://e.org">e</a>')).toBe('<a href="https://e.org">e</a>');
  });

  it('the served copy keeps the same structure and loads pictures lazily', () => {
    const shown = sanitizeShownHtml(ARTICLE);
    expect(shown).toContain('<table><tbody><tr><th><p>特征</p></th><th colspan="2">');
    expect(shown).toContain(
      '<img src="/backend/file/a.png" alt="A tongue in daylight" loading="lazy" decoding="async" />',
    );
    expect(shown).toContain('rel="noopener noreferrer nofollow"');
  });
});
