import type { FormRule } from 'antd';
import { PASSWORD_ERRORS, PASSWORD_MAX_LENGTH, passwordRuleBroken } from '@tcm/contract';
import { currentLanguage } from '../../lib/i18n.js';

/**
 * Form rule with the policy the server applies (from @tcm/contract), so the user sees the broken
 * rule before sending; the common-password list stays on the server, which answers 1100604.
 */
export function newPasswordRule(loginName: () => string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value === '') return;
      const broken = passwordRuleBroken(value, loginName());
      if (broken) throw new Error(PASSWORD_ERRORS[broken][currentLanguage()]);
    },
  };
}

/** Room for one character past the limit, so typing too much shows the rule instead of stopping. */
export const PASSWORD_INPUT_MAX = PASSWORD_MAX_LENGTH + 1;
