import { i18n } from '../../../lib/i18n.js';
import { h5En } from '../../../lib/locales/h5-en.js';
import { h5Zh } from '../../../lib/locales/h5-zh.js';

// The H5 capture page's texts (`h5.*`) come with its own chunk.
i18n.addResourceBundle('zh', 'translation', { h5: h5Zh }, true, true);
i18n.addResourceBundle('en', 'translation', { h5: h5En }, true, true);
