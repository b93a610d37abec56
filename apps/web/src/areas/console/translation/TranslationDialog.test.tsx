import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRANSLATION_LANGS, TRANSLATION_PATHS, type TranslationEntry, type TranslationLang } from '@tcm/contract';
import { message } from 'antd';
import type { MessageType } from 'antd/es/message/interface';
import '../../../lib/i18n.js';
import { renderWithQuery } from '../../../test/render-with-query.js';
import { saveMode, TranslationDialog, TRANSLATION_DIALOG_WIDTH } from './TranslationDialog.js';

/**
 * The translation dialog against the real HTTP client, with `fetch` recording what it sends
 * (spec §2, §4, §5, §8): required original, confirmation, create vs. update vs. keep-current,
 * the immutable original, unconfigured tags and the rich-text editor for HTML texts.
 */
let success: ReturnType<typeof vi.spyOn>;
let sent: Array<{ url: string; body: Record<string, unknown> }>;
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse((init.body as string | undefined) ?? '{}') as Record<string, unknown>;
      sent.push({ url: String(url), body });
      return new Response(JSON.stringify({ code: 0, msg: '', data: { id: 9, ...body } }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
// The confirmation and the error toast render inside the dialog's tree (Modal.useModal,
// message.useMessage), so the cleanup after each test unmounts them with it: nothing is left to
// update after the file's jsdom is gone.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const entry = (over: Partial<TranslationEntry> = {}): TranslationEntry => ({
  id: 5,
  originalHash: 'a'.repeat(64),
  originalText: '舌苔薄白',
  ...(Object.fromEntries(TRANSLATION_LANGS.map((l) => [l, null])) as Record<TranslationLang, null>),
  zhHant: '舌苔薄白',
  en: 'Thin white coating',
  remark: null,
  createdAt: '2026-01-01 00:00',
  updatedAt: '2026-01-01 00:00',
  ...over,
});

function open(e: TranslationEntry | null, initialOriginal?: string) {
  const onSaved = vi.fn();
  // The call is what is asserted: the app-wide success toast would close 3 s later, after the
  // file's jsdom is gone, and its React update would throw "window is not defined".
  success = vi.spyOn(message, 'success').mockImplementation(() => (() => undefined) as unknown as MessageType);
  // The dialog saves through mutation hooks, which need the query client App gives every screen.
  renderWithQuery(
    <TranslationDialog entry={e} initialOriginal={initialOriginal} onClose={() => undefined} onSaved={onSaved} />,
  );
  return { onSaved };
}
/** Opens a language tab (only the active pane is rendered). */
const tab = (lang: string) => fireEvent.click(screen.getByTestId(`tab-${lang}`));
/** Clicks save, waits for the confirmation it opens and accepts it. */
const saveAndConfirm = async () => {
  const confirms = () => screen.queryAllByText('确定保存该翻译？');
  const before = confirms().length;
  fireEvent.click(screen.getByTestId('tr-save'));
  await waitFor(() => expect(confirms().length).toBeGreaterThan(before));
  expect(sent, 'nothing is saved before the confirmation').toEqual([]);
  const ok = confirms().at(-1)!.closest('.ant-modal-confirm')!.querySelector<HTMLButtonElement>('.ant-btn-primary')!;
  fireEvent.click(ok);
};

describe('translation dialog', () => {
  it('decides create, update or keep-current', () => {
    expect(saveMode(null, false)).toBe('create');
    expect(saveMode({ id: 0 }, false)).toBe('create');
    expect(saveMode({ id: 5 }, false)).toBe('update');
    expect(saveMode({ id: 5 }, true)).toBe('create');
  });

  it('is 960 px wide and asks for the original before anything is sent', async () => {
    open(null);
    expect(TRANSLATION_DIALOG_WIDTH).toBe(960);
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('960px');
    fireEvent.click(screen.getByTestId('tr-save'));
    expect(await screen.findByText('请填写原文 / 简体中文 / zh-Hans！')).toBeTruthy();
    expect(screen.queryByText('确定保存该翻译？')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('tags every empty language as unconfigured and creates after confirmation with 保存成功！', async () => {
    const { onSaved } = open(null, '脉象');
    expect(screen.getByTestId('tab-en').textContent).toContain('未配置');
    expect(screen.getByTestId('tab-ru').textContent).toContain('未配置');
    tab('en');
    fireEvent.change(screen.getByTestId('tr-en'), { target: { value: 'Pulse' } });
    expect(screen.getByTestId('tab-en').textContent).not.toContain('未配置');
    await saveAndConfirm();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]!.url).toBe(TRANSLATION_PATHS.create);
    expect(sent[0]!.body).toMatchObject({ originalText: '脉象', en: 'Pulse' });
    expect(success).toHaveBeenCalledWith('保存成功！');
  });

  it('updates an existing entry without its original (locked), with 修改成功！', async () => {
    const { onSaved } = open(entry());
    const original = screen.getByTestId<HTMLTextAreaElement>('tr-originalText');
    expect(original.disabled).toBe(true);
    expect(screen.getByTestId('tab-en').textContent).not.toContain('未配置');
    tab('en');
    fireEvent.change(screen.getByTestId('tr-en'), { target: { value: 'Thin, white coating' } });
    await saveAndConfirm();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]!.url).toBe(TRANSLATION_PATHS.update);
    expect(sent[0]!.body).toMatchObject({ id: 5, en: 'Thin, white coating' });
    expect(sent[0]!.body).not.toHaveProperty('originalText');
    expect(success).toHaveBeenCalledWith('修改成功！');
  });

  it('keeping the current configuration unlocks the original and saves a new entry', async () => {
    const { onSaved } = open(entry());
    fireEvent.click(screen.getByText('保留当前配置（另存为新条目）'));
    const original = screen.getByTestId<HTMLTextAreaElement>('tr-originalText');
    expect(original.disabled).toBe(false);
    fireEvent.change(original, { target: { value: '舌苔薄白而润' } });
    await saveAndConfirm();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]!.url).toBe(TRANSLATION_PATHS.create);
    expect(sent[0]!.body).toMatchObject({ originalText: '舌苔薄白而润', en: 'Thin white coating' });
  });

  it('edits a text that starts with < and ends with > in the rich-text editor', () => {
    open(entry({ originalText: '<p>舌质<strong>淡红</strong></p>', en: '<p>Pale red</p>' }));
    // The original is locked (plain, disabled); the translations use the editor.
    expect(screen.getByTestId<HTMLTextAreaElement>('tr-originalText').tagName).toBe('TEXTAREA');
    tab('en');
    const en = screen.getByTestId('tr-en');
    expect(en.tagName).not.toBe('TEXTAREA');
    expect(en.querySelector('[contenteditable="true"]')).toBeTruthy();
  });
});
