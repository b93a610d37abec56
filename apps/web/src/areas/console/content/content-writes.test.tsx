import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { CONTENT_BUTTONS, CONTENT_PATHS, type Enquiry, type UserInfoBase } from '@tcm/contract';
import type { BuiltRoute } from '../../../app/dynamic-menu.js';
import { setSession } from '../../../lib/session.js';
import { resetFetchAndSession } from '../../../test/fetch-stub.js';
import { renderWithQuery } from '../../../test/render-with-query.js';
import { expectOneWriteWhilePending, UNDER_LOAD, stubServer } from '../../../test/server-stub.js';
import EnquiriesPage from './EnquiriesPage.js';
import '../../../lib/i18n.js';

/**
 * The content screens write through their mutation hooks (docs/web.md "Server data"): handling
 * an enquiry reads the inbox again, the save button spins and takes no second click while the
 * write runs, a refusal shows the server's message (the public cooperation form's side:
 * areas/site/content/cooperation-form.test.tsx). Only `fetch` is replaced.
 */
afterEach(resetFetchAndSession);

const ENQUIRY: Enquiry = {
  id: 7,
  company: '杏林公司',
  contactPerson: '王女士',
  contact: '13800000000',
  description: '希望合作',
  status: 'new',
  note: null,
  language: 'zh',
  createdAt: '2026-11-20T02:00:00Z',
  updatedAt: '2026-11-20T02:00:00Z',
};
const ROUTE = {
  buttons: [
    {
      buttonCode: CONTENT_BUTTONS.enquiryEdit,
      buttonName: '处理',
      buttonNameEn: 'Handle',
      buttonIcon: null,
      buttonUrl: 'editEnquiry',
    },
  ],
} as unknown as BuiltRoute;

function openInbox() {
  const row = { ...ENQUIRY };
  const server = stubServer([
    [CONTENT_PATHS.enquiryList, () => ({ list: [{ ...row }], total: 1 })],
    [CONTENT_PATHS.enquiryUpdate, (b) => Object.assign(row, b as Partial<Enquiry>)],
  ]);
  setSession({ user: { buttons: [CONTENT_BUTTONS.enquiryEdit] } as UserInfoBase });
  renderWithQuery(<EnquiriesPage route={ROUTE} />);
  return server;
}

async function handleWithNote(note: string) {
  fireEvent.click(within((await screen.findByText('杏林公司')).closest('tr')!).getByRole('checkbox'));
  fireEvent.click(screen.getByTestId(`btn-${CONTENT_BUTTONS.enquiryEdit}`));
  fireEvent.change(await screen.findByTestId('enquiry-note'), { target: { value: note } });
}

// antd tables and modals render slowly on the shared 2-core machine (load, not a defect).
describe('content writes', { timeout: 90_000 }, () => {
  it('handling an enquiry: one write while the button spins, then the inbox is read again', async () => {
    const server = openInbox();
    await handleWithNote('已电话联系');
    expect(server.count(CONTENT_PATHS.enquiryList)).toBe(1);
    await expectOneWriteWhilePending(server, CONTENT_PATHS.enquiryUpdate, () => screen.getByTestId('enquiry-save'));
    expect(await screen.findByText('已电话联系', {}, UNDER_LOAD)).toBeTruthy();
    expect(server.count(CONTENT_PATHS.enquiryList)).toBe(2);
  });

  it("a refused enquiry update shows the server's message and keeps the dialog open", async () => {
    const server = openInbox();
    server.refuse(CONTENT_PATHS.enquiryUpdate, 1500001, '内容不存在');
    await handleWithNote('已电话联系');
    fireEvent.click(screen.getByTestId('enquiry-save'));
    expect(await screen.findByText('内容不存在', {}, UNDER_LOAD)).toBeTruthy();
    expect(screen.getByTestId('enquiry-save')).toBeTruthy();
    expect(server.count(CONTENT_PATHS.enquiryList)).toBe(1);
  });
});
