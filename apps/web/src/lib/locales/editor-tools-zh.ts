/** The news editor's structure tools (`editorTools.*`, issue 34 item 6), registered with the editor's chunk. */
export const editorToolsZh = {
  h2: '标题',
  h3: '小标题',
  bullet: '项目列表',
  ordered: '编号列表',
  quote: '引用',
  link: '链接',
  linkAsk: '链接地址（https://…、mailto:… 或本站的 /…；留空则取消链接）',
  linkBad: '链接须以 https://、http://、mailto: 或 /（本站页面）开头',
  alt: '替代文字',
  altAsk: '图片的替代文字：说明图片内容，供看不到图片的读者使用',
  table: '表格',
  rowAdd: '加一行',
  colAdd: '加一列',
  rowDelete: '删除行',
  colDelete: '删除列',
  tableDelete: '删除表格',
};

export type EditorToolsMessages = typeof editorToolsZh;
