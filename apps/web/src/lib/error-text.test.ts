import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_TEXT, MENU_ERRORS, SPEC_ERRORS } from '@tcm/contract';
import { ERROR_TABLES, errorText, httpFailureText } from './error-text.js';

describe('error texts (spec §8)', () => {
  it('prefers the server msg, then the text mapped to the code, then the default', () => {
    expect(errorText(1200019, '服务器的话', 'zh')).toBe('服务器的话');
    expect(errorText(1200019, '  ', 'zh')).toBe('登录名已存在');
    expect(errorText(1200019, null, 'en')).toBe('Login name already exists');
    expect(errorText(9876543, '', 'zh')).toBe(DEFAULT_ERROR_TEXT.zh);
  });

  it('maps every code of the foundation tables, menu errors included, in both languages', () => {
    for (const table of ERROR_TABLES)
      for (const def of Object.values(table)) {
        expect(errorText(def.code, null, 'zh')).toBe(def.zh);
        expect(errorText(def.code, null, 'en')).toBe(def.en);
      }
    expect(errorText(MENU_ERRORS.HAS_CHILDREN.code, '', 'zh')).toBe(MENU_ERRORS.HAS_CHILDREN.zh);
  });

  it('maps HTTP-level failures by status, else the default', () => {
    expect(httpFailureText(401, 'zh')).toBe(SPEC_ERRORS.TOKEN_INVALID.zh);
    expect(httpFailureText(413, 'en')).toBe('The request body is too large');
    expect(httpFailureText(418, 'zh')).toBe(DEFAULT_ERROR_TEXT.zh);
    expect(httpFailureText(null, 'en')).toBe(DEFAULT_ERROR_TEXT.en);
  });
});
