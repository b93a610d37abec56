import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { DISEASE_ERRORS, DISEASE_PATHS, type DiseaseSummary } from '@tcm/contract';
import { door, fakeServer, isSpinning, refusal, write, type Answer } from '../../test/fake-server.js';
import { resetFetchAndSession } from '../../test/fetch-stub.js';
import { renderWithQuery } from '../../test/render-with-query.js';
import { KnowledgePage } from './KnowledgePage.js';
import './texts.js';

afterEach(resetFetchAndSession);

/** The shared test machine is loaded: a refetch may take longer than the 1 s default wait. */
const SLOW = { timeout: 10_000 };

const disease = (id: string, zh: string): DiseaseSummary => ({
  id,
  western: { zh, en: id },
  tcm: { zh, en: id },
  icd10: '',
  patterns: 1,
  screenings: 0,
  version: 1,
  updatedAt: null,
  custom: true,
  mine: true,
});

/** The disease list and its delete call, the delete held until `gate` opens (when given). */
function serve(remove: () => Answer, gate?: ReturnType<typeof door>) {
  let list = [disease('gout', '痛风'), disease('migraine', '偏头痛')];
  return fakeServer({
    [`GET ${DISEASE_PATHS.diseases}`]: () => ({ data: [...list] }),
    [`DELETE ${DISEASE_PATHS.disease('gout')}`]: write(
      remove,
      () => (list = list.filter((d) => d.id !== 'gout')),
      gate,
    ),
  });
}

/** Deletes 痛风 from the knowledge list and confirms; returns the confirm's OK button. */
async function deleteGout() {
  renderWithQuery(
    <App>
      <KnowledgePage />
    </App>,
  );
  fireEvent.click(await screen.findByTestId('knowledge-delete-gout', {}, SLOW));
  await waitFor(() => expect(document.querySelector('.ant-modal-confirm-btns')).not.toBeNull(), SLOW);
  const ok = document.querySelector<HTMLElement>('.ant-modal-confirm-btns .ant-btn-primary')!;
  fireEvent.click(ok);
  return ok;
}

// A whole screen with antd under the shared machine's load runs past the 20 s default (not a defect).
describe('disease knowledge: writes through mutation hooks', { timeout: 60_000 }, () => {
  it('spins the confirm while the delete runs, then the list no longer has the disease', async () => {
    const gate = door();
    serve(() => ({ data: { deleted: true } }), gate);
    const ok = await deleteGout();
    await waitFor(() => expect(isSpinning(ok)).toBe(true), SLOW);
    expect(screen.getByTestId('knowledge-delete-gout')).toBeTruthy();
    gate.open();
    // Read again because the delete invalidated the list (nothing else refetches it here).
    await waitFor(() => expect(screen.queryByTestId('knowledge-delete-gout')).toBeNull(), SLOW);
    expect(screen.getByTestId('knowledge-delete-migraine')).toBeTruthy();
  });

  it("shows the server's refusal and keeps the disease", async () => {
    const f = DISEASE_ERRORS.DISEASE_NOT_FOUND;
    serve(refusal(f));
    await deleteGout();
    expect((await screen.findAllByText(f.zh, {}, SLOW)).length).toBeGreaterThan(0);
    expect(screen.getByTestId('knowledge-delete-gout')).toBeTruthy();
  });
});
