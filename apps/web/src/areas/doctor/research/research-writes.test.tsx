import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { RESEARCH_BUTTONS, RESEARCH_ERRORS, RESEARCH_PATHS, type Pool, type UserInfoBase } from '@tcm/contract';
import { setSession } from '../../../lib/session.js';
import { door, fakeServer, isSpinning, refusal, write, type Answer } from '../../../test/fake-server.js';
import { resetFetchAndSession } from '../../../test/fetch-stub.js';
import { renderWithQuery } from '../../../test/render-with-query.js';
import { PoolList } from './PoolList.js';
import './texts.js';

afterEach(resetFetchAndSession);

/** The shared test machine is loaded: a refetch may take longer than the 1 s default wait. */
const SLOW = { timeout: 10_000 };

const pool = (name: string): Pool => ({
  id: `p-${name}`,
  name,
  remark: '',
  variables: [],
  sampleCount: 0,
  createdAt: '2026-11-26T05:00:00Z',
  updatedAt: '2026-11-26T05:00:00Z',
});

/** The pool list and the add call of the server, the add held until `gate` opens (when given). */
function serve(add: (name: string) => Answer, gate?: ReturnType<typeof door>) {
  const pools = [pool('甲')];
  return fakeServer({
    [`POST ${RESEARCH_PATHS.pools}`]: () => ({ data: { list: [...pools], total: pools.length } }),
    [`POST ${RESEARCH_PATHS.addPool}`]: write(
      (body) => add((body as { name: string }).name),
      (p) => pools.push(p as Pool),
      gate,
    ),
  });
}

async function addPool(name: string) {
  setSession({ user: { buttons: [RESEARCH_BUTTONS.addPool] } as UserInfoBase });
  renderWithQuery(
    <MemoryRouter>
      <PoolList />
    </MemoryRouter>,
  );
  await screen.findByTestId('pool-甲', {}, SLOW);
  fireEvent.click(screen.getByTestId(`btn-${RESEARCH_BUTTONS.addPool}`));
  fireEvent.change(await screen.findByTestId('pool-name', {}, SLOW), { target: { value: name } });
  fireEvent.click(screen.getByTestId('pool-save'));
}

// A whole screen with antd under the shared machine's load runs past the 20 s default (not a defect).
describe('research pools: writes through mutation hooks', { timeout: 60_000 }, () => {
  it('spins the save button while the add runs, then lists the new pool', async () => {
    const gate = door();
    const calls = serve((name) => ({ data: pool(name) }), gate);
    await addPool('乙');
    await waitFor(() => expect(isSpinning(screen.getByTestId('pool-save'))).toBe(true), SLOW);
    const listReads = calls.filter((c) => c.path === RESEARCH_PATHS.pools).length;
    gate.open();
    // The list is read again because the add invalidated it (nothing else refetches it here).
    expect(await screen.findByTestId('pool-乙', {}, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.path === RESEARCH_PATHS.pools).length).toBe(listReads + 1);
  });

  it("shows the server's refusal in the reader's language and keeps the dialog open", async () => {
    const f = RESEARCH_ERRORS.POOL_FORBIDDEN;
    serve(refusal(f));
    await addPool('乙');
    expect(await screen.findByText(f.zh, {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('pool-name')).toBeTruthy();
    expect(screen.queryByTestId('pool-乙')).toBeNull();
  });
});
