import { describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { FONT_SIZES, FontSize, Indent } from './extensions.js';
import { isHtmlText, sanitizeHtml } from './sanitize.js';
import { pickProblem } from './upload-api.js';

describe('sanitizeHtml', () => {
  it('drops scripts, handlers and javascript: URLs but keeps the editor styles', () => {
    const out = sanitizeHtml(
      '<p style="text-indent: 2em; position: fixed">a<script>alert(1)</script><img src="x.png" onerror="alert(1)"><a href="javascript:alert(1)">l</a><span style="font-size: 12px; background: url(x)">b</span></p>',
    );
    expect(out).not.toMatch(/script|onerror|javascript|position|url\(/);
    expect(out).toContain('text-indent: 2em');
    expect(out).toContain('font-size: 12px');
    expect(out).toContain('<img src="x.png">');
  });
  it('tells HTML texts by their first and last character', () => {
    expect(isHtmlText(' <p>x</p> ')).toBe(true);
    expect(isHtmlText('a <b>')).toBe(false);
    expect(isHtmlText(null)).toBe(false);
  });
});

describe('editor extensions', () => {
  it('offers 6 to 46 px and toggles the 2em first-line indent on the selected paragraphs', () => {
    expect(FONT_SIZES[0]).toBe(6);
    expect(FONT_SIZES.at(-1)).toBe(46);
    const e = new Editor({ extensions: [StarterKit, FontSize, Indent], content: '<p>one</p><p>two</p>' });
    e.commands.selectAll();
    e.commands.toggleIndent();
    expect(e.getHTML()).toMatch(/^<p style="text-indent: 2em;?">one<\/p><p style="text-indent: 2em;?">two<\/p>$/);
    e.commands.toggleIndent();
    expect(e.getHTML()).toBe('<p>one</p><p>two</p>');
    e.commands.setTextSelection({ from: 1, to: 4 });
    e.commands.setFontSize(20);
    expect(e.getHTML()).toMatch(/<span style="font-size: 20px;?">one<\/span>/);
    e.destroy();
  });
  it('rejects the wrong file kind with the spec messages', () => {
    expect(pickProblem('image', { type: 'video/mp4' })).toBe('editor.pickImage');
    expect(pickProblem('media', { type: 'image/png' })).toBe('editor.pickVideo');
    expect(pickProblem('image', { type: 'image/png' })).toBeNull();
  });
});
