import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { renderWithQuery } from '../../test/render-with-query.js';
import { RichTextEditor } from './RichTextEditor.js';
import { linkProblem } from './StructureTools.js';
import '../../lib/i18n.js';

/**
 * Issue 34 item 6: the toolbar makes headings, lists, quotes, links, tables and image alt text,
 * and what `onChange` hands on (sanitised HTML, as saved) keeps them. The cursor is placed through
 * the editor (as a click in the text would); everything else goes through the toolbar's buttons.
 */
afterEach(cleanup);
// jsdom measures no layout: ProseMirror scrolls the selection into view through these.
const NO_RECT = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) });
for (const proto of [Range.prototype, Text.prototype] as unknown as Record<string, unknown>[]) {
  proto.getClientRects ??= () => [];
  proto.getBoundingClientRect ??= NO_RECT;
}

const BODY =
  '<p>Heading</p><p>Sub</p><p>First</p><p>Quote</p><p>Link here</p><p><img src="/backend/file/a.png"></p><p>end</p>';

function setup() {
  const onChange = vi.fn<(html: string) => void>();
  renderWithQuery(<RichTextEditor value={BODY} onChange={onChange} testId="body" />);
  const dom = document.querySelector('.ProseMirror') as HTMLElement & { editor: Editor };
  const last = () => onChange.mock.calls.at(-1)?.[0] ?? '';
  /** The cursor into the paragraph whose text is `text` (its first character, or all of it). */
  const cursor = (text: string, select = false) =>
    act(() => {
      const e = dom.editor;
      let at = -1;
      e.state.doc.descendants((n, pos) => {
        if (at < 0 && n.isTextblock && n.textContent === text) at = pos + 1;
      });
      e.commands.setTextSelection(select ? { from: at, to: at + text.length } : at);
    });
  const click = (id: string) => fireEvent.click(screen.getByTestId(`editor-${id}`));
  /** Types `value` into the small dialog and confirms; resolves once the saved HTML holds `expected`. */
  const answer = async (value: string, expected: string) => {
    fireEvent.change(await screen.findByTestId('editor-ask-input'), { target: { value } });
    fireEvent.click(screen.getByTestId('editor-ask-ok'));
    await waitFor(() => expect(last()).toContain(expected));
  };
  return { onChange, dom, last, cursor, click, answer };
}

describe('the editor toolbar: structure', () => {
  it('makes headings, lists, a quote, a link, a table and alt text, and keeps them in what it saves', async () => {
    const { last, cursor, click, answer, dom } = setup();
    cursor('Heading');
    click('h2');
    cursor('Sub');
    click('h3');
    cursor('First');
    click('bullet');
    expect(screen.getByTestId('editor-bullet').getAttribute('aria-pressed')).toBe('true');
    cursor('Quote');
    click('quote');
    cursor('Link here', true);
    click('link');
    await answer('https://example.org/guide', 'href="https://example.org/guide"');
    // The alt button waits for a selected picture.
    expect(screen.getByTestId<HTMLButtonElement>('editor-alt').disabled).toBe(true);
    act(() => {
      let at = -1;
      dom.editor.state.doc.descendants((n, pos) => {
        if (n.type.name === 'image') at = pos;
      });
      dom.editor.commands.setNodeSelection(at);
    });
    click('alt');
    await answer('A tongue photo taken in daylight', 'alt="A tongue photo taken in daylight"');
    cursor('end');
    click('table');
    click('rowAdd');
    click('colAdd');

    const html = last();
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toContain('<h3>Sub</h3>');
    expect(html).toMatch(/<ul><li><p>First<\/p><\/li><\/ul>/);
    expect(html).toMatch(/<blockquote><p>Quote<\/p><\/blockquote>/);
    expect(html).toMatch(/<a [^>]*href="https:\/\/example\.org\/guide"[^>]*>Link here<\/a>/);
    expect(html).toContain('alt="A tongue photo taken in daylight"');
    const table = new DOMParser().parseFromString(html, 'text/html').querySelector('table')!;
    // 3 x 3 with a header row, one more row and one more column.
    expect(table.querySelectorAll('tr')).toHaveLength(4);
    expect(table.querySelectorAll('tr:first-child th')).toHaveLength(4);
    expect(table.querySelectorAll('tr:last-child td')).toHaveLength(4);

    click('tableDelete');
    expect(last()).not.toContain('<table');
    cursor('First');
    click('bullet');
    click('ordered');
    expect(last()).toMatch(/<ol><li><p>First<\/p><\/li><\/ol>/);
  });

  it('refuses a javascript: link and keeps the text unlinked', async () => {
    const { last, cursor, click, onChange } = setup();
    cursor('Link here', true);
    click('link');
    fireEvent.change(await screen.findByTestId('editor-ask-input'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByTestId('editor-ask-ok'));
    expect(screen.getByTestId('editor-ask-input')).toBeTruthy();
    expect(onChange.mock.calls.some(([h]) => h.includes('javascript'))).toBe(false);
    expect(last()).not.toContain('<a ');
    expect([linkProblem('https://a.org/x'), linkProblem('/pages/privacy'), linkProblem('mailto:a@b.org')]).toEqual([
      null,
      null,
      null,
    ]);
    expect([linkProblem('javascript:alert(1)'), linkProblem('data:text/html,x'), linkProblem('//evil.org')]).toEqual([
      'editorTools.linkBad',
      'editorTools.linkBad',
      'editorTools.linkBad',
    ]);
  });
});
