import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.js';
import './texts.js';
import { reportFileName } from './ReportButtons.js';

// Issue 17: the English report downloaded from a Chinese page was named 健康报告-en.pdf.
describe('report file names follow the report language, not the page', () => {
  it('names the file in the report language whatever the page language', async () => {
    for (const page of ['zh', 'en']) {
      await i18n.changeLanguage(page);
      const t = i18n.t.bind(i18n) as unknown as Parameters<typeof reportFileName>[0];
      expect(reportFileName(t, 'en')).toBe('health-report.pdf');
      expect(reportFileName(t, 'zh')).toBe('健康报告.pdf');
      expect(reportFileName(t, 'en', '李四')).toBe('李四-health-report.pdf');
      expect(reportFileName(t, 'zh', '  ')).toBe('健康报告.pdf');
    }
  });
});
