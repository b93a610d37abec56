import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { PASSWORD_ERRORS } from '@tcm/contract';
import { setSession } from '../../lib/session.js';
import { i18n } from '../../lib/i18n.js';
import { renderWithQuery } from '../../test/render-with-query.js';
import { ChangePasswordDialog } from './ChangePasswordDialog.js';

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('change-password dialog', () => {
  it('shows the broken policy rule and a mismatch before anything is sent', async () => {
    await i18n.changeLanguage('en');
    setSession({ user: { loginName: 'anna' } as never });
    renderWithQuery(<ChangePasswordDialog onClose={() => undefined} />);
    type('pw-old', 'whatever-it-was');
    type('pw-new', 'Sh0rt!');
    expect(await screen.findByText(PASSWORD_ERRORS.TOO_SHORT.en)).toBeTruthy();
    type('pw-new', 'my-anna-garden');
    expect(await screen.findByText(PASSWORD_ERRORS.CONTAINS_LOGIN_NAME.en)).toBeTruthy();
    type('pw-new', 'Lantern-river-47');
    type('pw-confirm', 'Lantern-river-48');
    expect(await screen.findByText('The two new passwords differ')).toBeTruthy();
  });
});
