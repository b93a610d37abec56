import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Input } from 'antd';
import { TRANSLATION_PATHS, TRANSLATION_LANGS, type TranslationEntry } from '@tcm/contract';
import { resetFetchAndSession } from '../../../test/fetch-stub.js';
import { renderWithQuery } from '../../../test/render-with-query.js';
import { UNDER_LOAD, stubServer } from '../../../test/server-stub.js';
import { TranslationDialog } from './TranslationDialog.js';
import { TranslationPopover } from './TranslationPopover.js';
import '../../../lib/i18n.js';

/**
 * The translation screens write through their mutation hooks (docs/web.md "Server data"): saving
 * a translation is sent once while the save button spins, and the lookups by text (the focus
 * pop-up) are read again; a refusal shows the server's message. Only `fetch` is replaced.
 */
afterEach(resetFetchAndSession);

function openBoth() {
  let stored: TranslationEntry | null = null;
  const server = stubServer([
    [TRANSLATION_PATHS.portalFind, () => stored],
    [
      TRANSLATION_PATHS.create,
      (b) =>
        (stored = {
          ...(Object.fromEntries(TRANSLATION_LANGS.map((l) => [l, null])) as Record<string, null>),
          ...(b as object),
          id: 9,
        } as TranslationEntry),
    ],
  ]);
  renderWithQuery(
    <>
      <TranslationPopover text="脉象" onConfigure={() => undefined}>
        <Input data-testid="check" defaultValue="脉象" />
      </TranslationPopover>
      <TranslationDialog entry={null} initialOriginal="脉象" onClose={() => undefined} onSaved={() => undefined} />
    </>,
  );
  return server;
}

/** Sets the English text, presses save and accepts the confirmation. */
async function saveEnglish(en: string) {
  fireEvent.click(screen.getByTestId('tab-en'));
  fireEvent.change(screen.getByTestId('tr-en'), { target: { value: en } });
  fireEvent.click(screen.getByTestId('tr-save'));
  const ok = await waitFor(() => {
    const b = document.querySelector<HTMLButtonElement>('.ant-modal-confirm .ant-btn-primary');
    expect(b).toBeTruthy();
    return b!;
  });
  fireEvent.click(ok);
}

// antd modals render slowly on the shared 2-core machine (load, not a defect).
describe('translation writes', { timeout: 90_000 }, () => {
  it('a saved translation is sent once while save spins, and the lookup by text is read again', async () => {
    const server = openBoth();
    fireEvent.focus(screen.getByTestId('check'));
    expect(await screen.findByText('该文本尚未配置英文翻译', {}, UNDER_LOAD)).toBeTruthy();
    expect(server.count(TRANSLATION_PATHS.portalFind)).toBe(1);
    const release = server.hold(TRANSLATION_PATHS.create);
    await saveEnglish('Pulse');
    await waitFor(() => expect(server.count(TRANSLATION_PATHS.create)).toBe(1));
    await waitFor(() => expect(screen.getByTestId('tr-save').className).toContain('ant-btn-loading'));
    fireEvent.click(screen.getByTestId('tr-save'));
    expect(server.count(TRANSLATION_PATHS.create)).toBe(1);
    release();
    // Without the mutation's invalidation the pop-up's cached "none" would stay.
    await waitFor(() => expect(server.count(TRANSLATION_PATHS.portalFind)).toBe(2));
    fireEvent.focus(screen.getByTestId('check'));
    expect((await screen.findByTestId('tr-popover-en')).textContent).toBe('Pulse');
  });

  it("a refused translation shows the server's message", async () => {
    const server = openBoth();
    // The pop-up has read the text once; a refused save changes nothing, so it is not read again.
    fireEvent.focus(screen.getByTestId('check'));
    expect(await screen.findByText('该文本尚未配置英文翻译', {}, UNDER_LOAD)).toBeTruthy();
    const lookups = server.count(TRANSLATION_PATHS.portalFind);
    server.refuse(TRANSLATION_PATHS.create, 2002409, '该原文已配置翻译');
    await saveEnglish('Pulse');
    expect(await screen.findByText('该原文已配置翻译', {}, UNDER_LOAD)).toBeTruthy();
    expect(server.count(TRANSLATION_PATHS.create)).toBe(1);
    expect(server.count(TRANSLATION_PATHS.portalFind)).toBe(lookups);
  });
});
