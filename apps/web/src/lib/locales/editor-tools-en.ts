import type { EditorToolsMessages } from './editor-tools-zh.js';

/** English editor structure tools: same keys as editor-tools-zh.ts. */
export const editorToolsEn: EditorToolsMessages = {
  h2: 'Heading',
  h3: 'Subheading',
  bullet: 'Bulleted list',
  ordered: 'Numbered list',
  quote: 'Quote',
  link: 'Link',
  linkAsk: 'Link address (https://…, mailto:… or /… on this site; empty removes the link)',
  linkBad: 'A link must start with https://, http://, mailto: or / (a page of this site)',
  alt: 'Alt text',
  altAsk: 'Alt text of the image: what it shows, for readers who cannot see it',
  table: 'Table',
  rowAdd: 'Add row',
  colAdd: 'Add column',
  rowDelete: 'Delete row',
  colDelete: 'Delete column',
  tableDelete: 'Delete table',
};
