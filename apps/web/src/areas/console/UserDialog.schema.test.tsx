import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { consoleUserAddBody } from '@tcm/contract';
import { i18n } from '../../lib/i18n.js';
import { maxLengthOf, schemaRule } from '../../lib/form-rules.js';
import { renderWithQuery } from '../../test/render-with-query.js';
import { UserDialog } from './UserDialogs.js';

// Issue 32 item 2 on a rendered form: the console's user dialog takes its lengths and rules from
// consoleUserAddBody, marks every invalid field at once, in the page's language.

afterEach(async () => {
  await i18n.changeLanguage('zh');
});
const SLOW = { timeout: 15_000 };

/** What the contract says of a blank field of the body. */
async function contractWords(field: keyof typeof consoleUserAddBody.shape, lang: 'zh' | 'en'): Promise<string> {
  const rule = schemaRule(consoleUserAddBody.shape[field], lang, field) as {
    validator: (r: unknown, v: unknown) => Promise<void>;
  };
  return rule.validator({}, '').then(
    () => '',
    (e: Error) => e.message,
  );
}
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent ?? '');

describe('console user dialog on its schema', { timeout: 60_000 }, () => {
  it("gives the inputs the schema's maximum lengths", async () => {
    renderWithQuery(<UserDialog user={null} onClose={() => undefined} onSaved={() => undefined} />);
    const login = await screen.findByTestId<HTMLInputElement>('user-login-name', {}, SLOW);
    expect(login.maxLength).toBe(maxLengthOf(consoleUserAddBody.shape.loginName));
    expect(screen.getByTestId<HTMLInputElement>('user-name').maxLength).toBe(
      maxLengthOf(consoleUserAddBody.shape.name),
    );
  });

  it('marks every invalid field at once with the contract words, in zh and en', async () => {
    renderWithQuery(<UserDialog user={null} onClose={() => undefined} onSaved={() => undefined} />);
    fireEvent.click(await screen.findByTestId('user-save', {}, SLOW));
    // Login name, name and first password are missing: all three are marked together.
    await waitFor(() => expect(errors()).toHaveLength(3), SLOW);
    // The contract's words for each missing field (what the server answers too), not antd's.
    expect(errors()).toEqual(
      await Promise.all((['loginName', 'name', 'password'] as const).map((f) => contractWords(f, 'zh'))),
    );
    for (const e of errors()) expect(e).not.toMatch(/[A-Za-z]|\/\^/);
    await i18n.changeLanguage('en');
    fireEvent.click(screen.getByTestId('user-save'));
    const en = await Promise.all((['loginName', 'name', 'password'] as const).map((f) => contractWords(f, 'en')));
    await waitFor(() => expect(errors()).toEqual(en), SLOW);
    expect(errors().join(' ')).not.toMatch(/loginName|too_small|invalid_type|Invalid input/);
  });
});
