import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ARCHIVE_ERRORS, ARCHIVE_PATHS, type CaseSummary } from '@tcm/contract';
import { door, fakeServer, isSpinning, refusal, write, type Answer } from '../../../test/fake-server.js';
import { resetFetchAndSession } from '../../../test/fetch-stub.js';
import { renderWithQuery } from '../../../test/render-with-query.js';
import { typeDay } from '../../../test/type-day.js';
import { ArchiveList } from './ArchiveList.js';
import { caseSummary } from './archive.test-helpers.js';
import './texts.js';

afterEach(resetFetchAndSession);

/** The shared test machine is loaded: a refetch may take longer than the 1 s default wait. */
const SLOW = { timeout: 10_000 };

const summary = (n: number, name: string) => caseSummary(n, name);

/** The case list, groups and add calls of the server, the add held until `gate` opens (when given). */
function serve(add: (name: string) => Answer, gate?: ReturnType<typeof door>) {
  const cases = [summary(1, '张一')];
  return fakeServer({
    [`POST ${ARCHIVE_PATHS.list}`]: () => ({ data: { list: [...cases], total: cases.length, page: 1, size: 100 } }),
    [`GET ${ARCHIVE_PATHS.groups}`]: () => ({ data: [] }),
    [`POST ${ARCHIVE_PATHS.add}`]: write(
      (body) => add((body as { name: string }).name),
      (c) => cases.push(c as CaseSummary),
      gate,
    ),
  });
}

/** Opens the list with its add dialog (/doctor/archive/add) and submits a new patient. */
async function addCase(name: string) {
  renderWithQuery(
    <MemoryRouter>
      <ArchiveList openAdd />
    </MemoryRouter>,
  );
  await screen.findByText('张一', {}, SLOW);
  fireEvent.change(await screen.findByTestId('case-name', {}, SLOW), { target: { value: name } });
  typeDay(screen.getByTestId('case-birth'), '1990-05-01');
  fireEvent.change(screen.getByTestId('case-phone'), { target: { value: '13900000000' } });
  fireEvent.click(screen.getByTestId('case-save'));
}

// A whole screen with antd under the shared machine's load runs past the 20 s default (not a defect).
describe('case archive: writes through mutation hooks', { timeout: 60_000 }, () => {
  it('spins the save button while the case is added, then lists it', async () => {
    const gate = door();
    const calls = serve((name) => ({ data: summary(2, name) }), gate);
    await addCase('王二');
    await waitFor(() => expect(isSpinning(screen.getByTestId('case-save'))).toBe(true), SLOW);
    expect(calls.filter((c) => c.path === ARCHIVE_PATHS.add)).toHaveLength(1);
    gate.open();
    // Read again because the add invalidated the case lists (nothing else refetches them here).
    expect(await screen.findByText('王二', {}, SLOW)).toBeTruthy();
  });

  it("shows the server's refusal and adds nothing", async () => {
    const f = ARCHIVE_ERRORS.GROUP_FORBIDDEN;
    serve(refusal(f));
    await addCase('王二');
    expect(await screen.findByText(f.zh, {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('王二')).toBeNull();
    expect(isSpinning(screen.getByTestId('case-save'))).toBe(false);
  });
});
