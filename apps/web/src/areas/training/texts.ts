import { i18n } from '../../lib/i18n.js';
import { trainingEn } from '../../lib/locales/training-en.js';
import { trainingZh } from '../../lib/locales/training-zh.js';

// The training texts (`training.*`) come with the training chunks, like `member.*`.
i18n.addResourceBundle('zh', 'translation', { training: trainingZh }, true, true);
i18n.addResourceBundle('en', 'translation', { training: trainingEn }, true, true);
