import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ARCHIVE_PATHS } from '@tcm/contract';
import { fakeServer } from '../../../test/fake-server.js';
import { resetFetchAndSession } from '../../../test/fetch-stub.js';
import { renderWithQuery } from '../../../test/render-with-query.js';
import { typeDay } from '../../../test/type-day.js';
import { i18n } from '../../../lib/i18n.js';
import AntShell from '../../../app/AntShell.js';
import { ArchiveList } from './ArchiveList.js';
import { caseSummary } from './archive.test-helpers.js';
import './texts.js';

// Issue 32: the case dialog words its rules for a clinician in the page's language (no regex,
// no field path), marks every bad field at once, and the case list writes spec §9's
// yyyy-MM-dd HH:mm on the clinic's clock in zh and en (it read 12/1/2026, 10:14:22 PM).

afterEach(async () => {
  resetFetchAndSession();
  await i18n.changeLanguage('zh');
});
const SLOW = { timeout: 10_000 };

// 22:14:22 at the clinic (UTC+8); the test runtime is UTC.
const summary = caseSummary(1, '张一', { createdAt: '2026-12-01T14:14:22Z' });

function serve() {
  return fakeServer({
    [`POST ${ARCHIVE_PATHS.list}`]: () => ({ data: { list: [summary], total: 1, page: 1, size: 100 } }),
    [`GET ${ARCHIVE_PATHS.groups}`]: () => ({ data: [] }),
  });
}

const open = (openAdd = false) =>
  renderWithQuery(
    <MemoryRouter>
      <ArchiveList openAdd={openAdd} />
    </MemoryRouter>,
  );

describe('case archive: dates and the case dialog (issue 32)', { timeout: 60_000 }, () => {
  it('writes the case list dates as yyyy-MM-dd HH:mm on the clinic clock in zh and en', async () => {
    serve();
    open();
    expect(await screen.findByText('2026-12-01 22:14', {}, SLOW)).toBeTruthy();
    await i18n.changeLanguage('en');
    expect(await screen.findByText('2026-12-01 22:14', {}, SLOW)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/12\/1\/2026|PM|AM/);
  });

  it('marks every bad field at once with the contract words, and sends nothing', async () => {
    const calls = serve();
    open(true);
    fireEvent.change(await screen.findByTestId('case-name', {}, SLOW), { target: { value: '王二' } });
    typeDay(screen.getByTestId('case-birth'), '2090-01-01');
    fireEvent.change(screen.getByTestId('case-phone'), { target: { value: 'call me' } });
    fireEvent.click(screen.getByTestId('case-save'));
    expect(await screen.findByText('出生日期不能晚于今天', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('请输入正确的电话号码（5 到 20 位数字，可含空格、短横线或开头的 +）')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\/\^|\$\/|phone number|body\.|invalid_format|不匹配/);
    await waitFor(() => expect(calls.filter((c) => c.path === ARCHIVE_PATHS.add)).toHaveLength(0));
  });

  it("takes the birth date in antd's picker of the page's language, not the browser's date input", async () => {
    serve();
    // The app's antd providers (AntShell): the picker's words follow their locale.
    renderWithQuery(
      <AntShell>
        <MemoryRouter>
          <ArchiveList openAdd />
        </MemoryRouter>
      </AntShell>,
    );
    const birth = await screen.findByTestId<HTMLInputElement>('case-birth', {}, SLOW);
    expect(birth.type).not.toBe('date');
    expect(birth.closest('.ant-picker')).toBeTruthy();
    expect(birth.placeholder).toBe('请选择日期');
    typeDay(birth, '1980-05-17');
    await waitFor(() => expect(birth.value).toBe('1980-05-17'));
    await i18n.changeLanguage('en');
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('case-birth').placeholder).toBe('Select date'));
  });

  it('counts the name as it is typed and stops at the schema maximum', async () => {
    serve();
    open(true);
    const name = await screen.findByTestId<HTMLInputElement>('case-name', {}, SLOW);
    expect(name.maxLength).toBe(60);
    expect(screen.getByText('0 / 60')).toBeTruthy();
  });
});
