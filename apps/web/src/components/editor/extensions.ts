import { Extension, Mark, Node, mergeAttributes } from '@tiptap/core';

/** Font sizes of spec §9: 6 to 46 px. */
export const FONT_SIZES = Array.from({ length: 21 }, (_, i) => 6 + i * 2);
/** First-line indent of spec §9. */
export const INDENT = '2em';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    fontSize: { setFontSize: (px: number) => ReturnType; unsetFontSize: () => ReturnType };
    indent: { toggleIndent: () => ReturnType };
    video: { setVideo: (src: string) => ReturnType };
  }
}

/** Inline font size as a mark: <span style="font-size: Npx">. */
export const FontSize = Mark.create({
  name: 'fontSize',
  addAttributes() {
    return {
      size: {
        default: null,
        parseHTML: (el) => el.style.fontSize || null,
        renderHTML: (a: Record<string, unknown>) =>
          typeof a.size === 'string' ? { style: `font-size: ${a.size}` } : {},
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span', getAttrs: (el) => (el.style.fontSize ? {} : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', HTMLAttributes, 0];
  },
  addCommands() {
    return {
      setFontSize:
        (px) =>
        ({ commands }) =>
          commands.setMark(this.name, { size: `${px}px` }),
      unsetFontSize:
        () =>
        ({ commands }) =>
          commands.unsetMark(this.name),
    };
  },
});

/** First-line indent toggle on the selected paragraphs (spec §2: 首行缩进, 2em). */
export const Indent = Extension.create({
  name: 'indent',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph'],
        attributes: {
          indent: {
            default: false,
            parseHTML: (el) => el.style.textIndent === INDENT,
            renderHTML: (a: Record<string, unknown>) => (a.indent ? { style: `text-indent: ${INDENT}` } : {}),
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      toggleIndent:
        () =>
        ({ state, tr, dispatch }) => {
          const { from, to } = state.selection;
          const paras: Array<{ pos: number; indent: boolean }> = [];
          state.doc.nodesBetween(from, to, (node, pos) => {
            if (node.type.name === 'paragraph') paras.push({ pos, indent: Boolean(node.attrs.indent) });
          });
          if (!paras.length) return false;
          const next = !paras.every((p) => p.indent);
          for (const p of paras) tr.setNodeAttribute(p.pos, 'indent', next);
          dispatch?.(tr);
          return true;
        },
    };
  },
});

/** Block video inserted by the media picker. */
export const Video = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'video[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['video', mergeAttributes(HTMLAttributes, { controls: 'true', style: 'width: 100%' })];
  },
  addCommands() {
    return {
      setVideo:
        (src) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { src } }),
    };
  },
});
