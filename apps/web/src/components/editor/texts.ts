import { i18n } from '../../lib/i18n.js';
import { editorToolsEn } from '../../lib/locales/editor-tools-en.js';
import { editorToolsZh } from '../../lib/locales/editor-tools-zh.js';

// The structure tools' texts come with the editor's chunk (back office only), not the site's entry.
i18n.addResourceBundle('zh', 'translation', { editorTools: editorToolsZh }, true, true);
i18n.addResourceBundle('en', 'translation', { editorTools: editorToolsEn }, true, true);
