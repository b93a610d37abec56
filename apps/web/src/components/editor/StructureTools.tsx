import { Button } from 'antd';
import { useEditorState, type Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import './texts.js';

/** What the editor's small dialog asks for: a link's address, or a selected image's alt text. */
export interface Ask {
  kind: 'link' | 'alt';
  value: string;
}

/**
 * A link the site may carry: http(s), mailto or an address on this site ("/…"); null when fine,
 * else the message key. The server's allow-list drops any other scheme anyway (javascript:, data:).
 */
export function linkProblem(href: string): string | null {
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|\/[^\s/][^\s]*)$/i.test(href) ? null : 'editorTools.linkBad';
}

/**
 * The toolbar's structure tools (issue 34 item 6): headings (h2, h3), bulleted and numbered lists,
 * quote, link, table (insert; add or remove a row or column; remove the table while inside one)
 * and the alt text of a selected image. Buttons show pressed while the selection is inside what
 * they toggle; the editor state is read through `useEditorState` so the bar follows the cursor.
 */
export function StructureTools({ editor, onAsk }: { editor: Editor | null; onAsk: (ask: Ask) => void }) {
  const { t } = useTranslation();
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: !!e?.isActive('heading', { level: 2 }),
      h3: !!e?.isActive('heading', { level: 3 }),
      bullet: !!e?.isActive('bulletList'),
      ordered: !!e?.isActive('orderedList'),
      quote: !!e?.isActive('blockquote'),
      link: !!e?.isActive('link'),
      table: !!e?.isActive('table'),
      image: !!e?.isActive('image'),
      href: (e?.getAttributes('link').href as string | undefined) ?? '',
      alt: (e?.getAttributes('image').alt as string | undefined) ?? '',
    }),
  });
  if (!editor || !s) return null;
  const run = () => editor.chain().focus();
  const toggle = (key: string, on: boolean, act: () => void) => (
    <Button
      size="small"
      type={on ? 'primary' : 'default'}
      aria-pressed={on}
      onClick={act}
      data-testid={`editor-${key}`}
    >
      {t(`editorTools.${key}`)}
    </Button>
  );
  const action = (key: string, act: () => void, disabled = false) => (
    <Button size="small" disabled={disabled} onClick={act} data-testid={`editor-${key}`}>
      {t(`editorTools.${key}`)}
    </Button>
  );
  return (
    <>
      {toggle('h2', s.h2, () => run().toggleHeading({ level: 2 }).run())}
      {toggle('h3', s.h3, () => run().toggleHeading({ level: 3 }).run())}
      {toggle('bullet', s.bullet, () => run().toggleBulletList().run())}
      {toggle('ordered', s.ordered, () => run().toggleOrderedList().run())}
      {toggle('quote', s.quote, () => run().toggleBlockquote().run())}
      {toggle('link', s.link, () => onAsk({ kind: 'link', value: s.href }))}
      {action('alt', () => onAsk({ kind: 'alt', value: s.alt }), !s.image)}
      {action('table', () => run().insertTable(3, 3).run(), s.table)}
      {s.table && (
        <>
          {action('rowAdd', () => run().addTableRow().run())}
          {action('colAdd', () => run().addTableColumn().run())}
          {action('rowDelete', () => run().deleteTableRow().run())}
          {action('colDelete', () => run().deleteTableColumn().run())}
          {action('tableDelete', () => run().deleteWholeTable().run())}
        </>
      )}
    </>
  );
}
