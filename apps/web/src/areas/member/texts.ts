import { i18n } from '../../lib/i18n.js';
import { memberEn } from '../../lib/locales/member-en.js';
import { memberZh } from '../../lib/locales/member-zh.js';

// The member home and team texts (`member.*`) come with the member chunk, like `record.*`.
i18n.addResourceBundle('zh', 'translation', { member: memberZh }, true, true);
i18n.addResourceBundle('en', 'translation', { member: memberEn }, true, true);
