import { useRef, useState } from 'react';
import { Button, Input, Modal, Select, Space, Tooltip, message } from 'antd';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useTranslation } from 'react-i18next';
import { FONT_SIZES, FontSize, Indent, Video } from './extensions.js';
import { sanitizeHtml } from './sanitize.js';
import { Tables } from './table.js';
import { linkProblem, StructureTools, type Ask } from './StructureTools.js';
import { pickProblem, useEditorUpload, type PickKind } from './upload-api.js';

/** Editor defaults of spec §9, px. */
export const EDITOR_SIZE = { width: 800, height: 300 } as const;
export const PREVIEW_SIZE = { width: 320, height: 568 } as const;

/**
 * Rich-text editor (spec §2): bold/italic, font sizes 6–46 px, first-line indent toggle,
 * image and media pickers that upload, a phone-sized preview; and (issue 34 item 6) headings,
 * lists, links, quotes, tables and image alt text (StructureTools). `onChange` gets sanitised HTML.
 */
export function RichTextEditor(props: {
  value: string;
  onChange: (html: string) => void;
  width?: number;
  height?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const pickKind = useRef<PickKind>('image');
  const upload = useEditorUpload();
  const [ask, setAsk] = useState<Ask | null>(null);
  const editor = useEditor({
    extensions: [
      // h1 is the article's title on the site: the body's headings start at h2.
      StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, defaultProtocol: 'https' } }),
      Image,
      FontSize,
      Indent,
      Video,
      Tables,
    ],
    content: sanitizeHtml(props.value),
    onUpdate: ({ editor: e }) => props.onChange(sanitizeHtml(e.getHTML())),
  });

  const pick = (kind: PickKind) => {
    pickKind.current = kind;
    if (fileInput.current) {
      fileInput.current.accept = kind === 'image' ? 'image/*' : 'video/*';
      fileInput.current.click();
    }
  };
  const onFile = async (file: File | undefined) => {
    if (!file || !editor) return;
    const problem = pickProblem(pickKind.current, file);
    if (problem) return void message.warning(t(problem));
    try {
      const url = await upload.mutateAsync(file);
      if (pickKind.current === 'image') editor.chain().focus().setImage({ src: url }).run();
      else editor.chain().focus().setVideo(url).run();
    } catch {
      void message.error(t('editor.uploadFailed'));
    }
  };
  // While a file is sent, its picker spins and neither picker takes another.
  const picker = (kind: PickKind) => ({
    loading: upload.isPending && !!upload.variables && pickProblem(kind, upload.variables) === null,
    disabled: upload.isPending,
    onClick: () => pick(kind),
    'data-testid': `editor-pick-${kind}`,
  });

  return (
    <div
      style={{
        width: props.width ?? EDITOR_SIZE.width,
        maxWidth: '100%',
        border: '1px solid #d9d9d9',
        borderRadius: 6,
      }}
      data-testid={props.testId}
    >
      <Space wrap style={{ padding: 6, borderBottom: '1px solid #f0f0f0' }}>
        <Button size="small" onClick={() => editor?.chain().focus().toggleBold().run()}>
          {t('editor.bold')}
        </Button>
        <Button size="small" onClick={() => editor?.chain().focus().toggleItalic().run()}>
          {t('editor.italic')}
        </Button>
        <Select
          size="small"
          style={{ width: 100 }}
          placeholder={t('editor.fontSize')}
          options={FONT_SIZES.map((s) => ({ value: s, label: `${s}px` }))}
          onChange={(s: number) => editor?.chain().focus().setFontSize(s).run()}
        />
        <Tooltip title={t('editor.indent')}>
          <Button size="small" onClick={() => editor?.chain().focus().toggleIndent().run()}>
            {t('editor.indent')}
          </Button>
        </Tooltip>
        <Button size="small" {...picker('image')}>
          {t('editor.image')}
        </Button>
        <Button size="small" {...picker('media')}>
          {t('editor.media')}
        </Button>
        <Button size="small" onClick={() => setPreview(true)}>
          {t('editor.preview')}
        </Button>
        <StructureTools editor={editor} onAsk={setAsk} />
      </Space>
      <input
        ref={fileInput}
        type="file"
        hidden
        onChange={(e) => void onFile(e.target.files?.[0]).finally(() => (e.target.value = ''))}
      />
      <EditorContent
        editor={editor}
        style={{ height: props.height ?? EDITOR_SIZE.height, overflow: 'auto', padding: 8 }}
      />
      <Modal
        open={!!ask}
        title={ask && t(ask.kind === 'link' ? 'editorTools.linkAsk' : 'editorTools.altAsk')}
        onCancel={() => setAsk(null)}
        okButtonProps={{ 'data-testid': 'editor-ask-ok' }}
        onOk={() => {
          if (!ask || !editor) return;
          const value = ask.value.trim();
          if (ask.kind === 'alt')
            editor
              .chain()
              .focus()
              .updateAttributes('image', { alt: value || null })
              .run();
          else if (!value) editor.chain().focus().extendMarkRange('link').unsetLink().run();
          else {
            const problem = linkProblem(value);
            if (problem) return void message.warning(t(problem));
            const chain = editor.chain().focus().extendMarkRange('link');
            // Nothing selected: the address itself becomes the linked text.
            if (editor.state.selection.empty)
              chain
                .insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: value } }] })
                .run();
            else chain.setLink({ href: value }).run();
          }
          setAsk(null);
        }}
        destroyOnHidden
      >
        <Input
          autoFocus
          value={ask?.value ?? ''}
          placeholder={ask?.kind === 'link' ? 'https://' : undefined}
          onChange={(e) => setAsk((a) => a && { ...a, value: e.target.value })}
          data-testid="editor-ask-input"
        />
      </Modal>
      <Modal
        open={preview}
        footer={null}
        onCancel={() => setPreview(false)}
        width={PREVIEW_SIZE.width + 48}
        title={t('editor.preview')}
      >
        <div
          style={{ width: PREVIEW_SIZE.width, height: PREVIEW_SIZE.height, overflow: 'auto', border: '1px solid #eee' }}
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(editor?.getHTML() ?? '') }}
        />
      </Modal>
    </div>
  );
}
