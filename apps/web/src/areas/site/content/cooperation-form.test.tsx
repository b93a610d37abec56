import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CONTENT_PATHS } from '@tcm/contract';
import { resetFetchAndSession } from '../../../test/fetch-stub.js';
import { renderWithQuery } from '../../../test/render-with-query.js';
import { expectOneWriteWhilePending, stubServer } from '../../../test/server-stub.js';
import { CooperationForm } from './CooperationForm.js';
import '../../../lib/i18n.js';

/**
 * The public cooperation form writes through its mutation hook (docs/web.md "Server data"): the
 * button spins and takes no second click while the write runs, a refusal shows the server's
 * message. Only `fetch` is replaced.
 */
afterEach(resetFetchAndSession);

function fillCooperation() {
  fireEvent.change(screen.getByTestId('coop-company'), { target: { value: '杏林公司' } });
  fireEvent.change(screen.getByTestId('coop-person'), { target: { value: '王女士' } });
  fireEvent.change(screen.getByTestId('coop-contact'), { target: { value: '13800000000' } });
  fireEvent.change(screen.getByTestId('coop-description'), { target: { value: '希望合作' } });
}

// antd forms render slowly on the shared 2-core machine (load, not a defect).
describe('cooperation form', { timeout: 90_000 }, () => {
  it('the cooperation form sends once while the button spins and thanks the visitor', async () => {
    const server = stubServer([[CONTENT_PATHS.portalEnquiry, () => ({ id: 1 })]]);
    renderWithQuery(<CooperationForm />);
    fillCooperation();
    await expectOneWriteWhilePending(server, CONTENT_PATHS.portalEnquiry, () => screen.getByTestId('coop-submit'));
    expect(await screen.findByTestId('cooperation-sent')).toBeTruthy();
  });

  it("the cooperation form shows the server's refusal above the button", async () => {
    const server = stubServer([]);
    server.refuse(CONTENT_PATHS.portalEnquiry, 1500010, '提交过于频繁，请稍后再试');
    renderWithQuery(<CooperationForm />);
    fillCooperation();
    fireEvent.click(screen.getByTestId('coop-submit'));
    await waitFor(() => expect(screen.getByTestId('coop-error').textContent).toContain('提交过于频繁，请稍后再试'));
    expect(screen.queryByTestId('cooperation-sent')).toBeNull();
  });
});
