import { Extension, Node, mergeAttributes, type Attributes } from '@tiptap/core';
import {
  addColumnAfter,
  addRowAfter,
  deleteColumn,
  deleteRow,
  deleteTable,
  goToNextCell,
  tableEditing,
} from '@tiptap/pm/tables';
import { TextSelection, type Command as PmCommand } from '@tiptap/pm/state';

/**
 * Tables for news and pages (issue 34 item 6): table, row, header cell and cell nodes on
 * ProseMirror's own table model (`@tiptap/pm/tables`, which the editor already ships), and the
 * few commands the toolbar offers. Written here rather than taking `@tiptap/extension-table`:
 * its releases pin the exact tiptap version, and none matches the one the project uses.
 * The HTML is the plain one the server's allow-list keeps: `table > tbody > tr > th|td`, with
 * colspan/rowspan only when a cell spans.
 */

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    simpleTable: {
      /** A table of `rows` x `cols` whose first row is the header. */
      insertTable: (rows: number, cols: number) => ReturnType;
      addTableRow: () => ReturnType;
      addTableColumn: () => ReturnType;
      deleteTableRow: () => ReturnType;
      deleteTableColumn: () => ReturnType;
      deleteWholeTable: () => ReturnType;
    };
  }
}

/** colspan/rowspan as prosemirror-tables needs them (numbers), written only when above 1. */
const span = (name: 'colspan' | 'rowspan'): Attributes[string] => ({
  default: 1,
  parseHTML: (el) => Math.max(1, Number(el.getAttribute(name)) || 1),
  renderHTML: (a: Record<string, unknown>) => (Number(a[name]) > 1 ? { [name]: String(a[name]) } : {}),
});
const CELL_ATTRS = (): Attributes => ({
  colspan: span('colspan'),
  rowspan: span('rowspan'),
  // prosemirror-tables reads it; column resizing is not offered, so it is never written.
  colwidth: { default: null, rendered: false },
});

const cell = (name: 'tableCell' | 'tableHeader', tag: 'td' | 'th') =>
  Node.create({
    name,
    content: 'block+',
    isolating: true,
    addAttributes: CELL_ATTRS,
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, mergeAttributes(HTMLAttributes), 0],
  });

export const TableCell = cell('tableCell', 'td');
export const TableHeader = cell('tableHeader', 'th');

export const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableCell | tableHeader)*',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: ({ HTMLAttributes }) => ['tr', HTMLAttributes, 0],
});

/** Runs one of prosemirror-tables' commands inside a tiptap chain. */
const pm =
  (command: PmCommand) =>
  () =>
  ({ state, dispatch }: { state: Parameters<PmCommand>[0]; dispatch?: Parameters<PmCommand>[1] }) =>
    command(state, dispatch);

export const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: ({ HTMLAttributes }) => ['table', HTMLAttributes, ['tbody', 0]],
  addCommands() {
    return {
      insertTable:
        (rows, cols) =>
        ({ tr, dispatch, editor }) => {
          const row = (type: 'tableHeader' | 'tableCell') => ({
            type: 'tableRow',
            content: Array.from({ length: cols }, () => ({ type, content: [{ type: 'paragraph' }] })),
          });
          const table = editor.schema.nodeFromJSON({
            type: 'table',
            content: [row('tableHeader'), ...Array.from({ length: rows - 1 }, () => row('tableCell'))],
          });
          if (dispatch) {
            tr.replaceSelectionWith(table).scrollIntoView();
            // The cursor into the first header cell, ready to type (not after the table).
            let at = -1;
            tr.doc.descendants((n, pos) => {
              if (n === table) at = pos;
              return at < 0;
            });
            if (at >= 0) tr.setSelection(TextSelection.near(tr.doc.resolve(at + 3)));
          }
          return true;
        },
      addTableRow: pm(addRowAfter),
      addTableColumn: pm(addColumnAfter),
      deleteTableRow: pm(deleteRow),
      deleteTableColumn: pm(deleteColumn),
      deleteWholeTable: pm(deleteTable),
    };
  },
  addKeyboardShortcuts() {
    return {
      Tab: () => this.editor.commands.command(({ state, dispatch }) => goToNextCell(1)(state, dispatch)),
      'Shift-Tab': () => this.editor.commands.command(({ state, dispatch }) => goToNextCell(-1)(state, dispatch)),
    };
  },
  addProseMirrorPlugins: () => [tableEditing()],
});

/** prosemirror-tables finds the nodes by their schema's `tableRole`. */
const ROLES: Record<string, string> = {
  table: 'table',
  tableRow: 'row',
  tableCell: 'cell',
  tableHeader: 'header_cell',
};

/**
 * The four table nodes as one extension for the editor's list. `extendNodeSchema` runs for every
 * node of the schema (not only this extension's), so the role is given by name and only to these.
 */
export const Tables = Extension.create({
  name: 'tables',
  addExtensions: () => [Table, TableRow, TableHeader, TableCell],
  extendNodeSchema: (node) => (ROLES[node.name] ? { tableRole: ROLES[node.name] } : {}),
});
