import { describe, expect, it, vi } from 'vitest';
import { runToolbarAction, selectionProblem, toolbarStates } from './toolbar.js';

const b = (buttonCode: string, buttonUrl: string | null = null) => ({
  buttonCode,
  buttonName: buttonCode,
  buttonNameEn: null,
  buttonIcon: null,
  buttonUrl,
});

describe('toolbar', () => {
  const buttons = [b('dataPool-add'), b('dataPool-batch-delete'), b('sysMenu-remove')];
  it('styles delete/remove as danger and disables batch delete without a selection', () => {
    const s = toolbarStates(buttons, 'all', 0);
    expect(s.map((x) => [x.button.buttonCode, x.danger, x.disabled])).toEqual([
      ['dataPool-add', false, false],
      ['dataPool-batch-delete', true, true],
      ['sysMenu-remove', true, false],
    ]);
    expect(toolbarStates(buttons, 'all', 2)[1]?.disabled).toBe(false);
  });
  it('shows only granted buttons', () => {
    expect(toolbarStates(buttons, new Set(['dataPool-add']), 0).map((x) => x.button.buttonCode)).toEqual([
      'dataPool-add',
    ]);
  });
  it('warns when the handler does not exist', () => {
    const add = vi.fn();
    expect(runToolbarAction(b('x-add', 'addPool'), { addPool: add })).toEqual({ ok: true });
    expect(add).toHaveBeenCalledOnce();
    expect(runToolbarAction(b('x-edit', 'editPool'), { addPool: add })).toEqual({
      ok: false,
      warning: 'toolbar.noMethod',
      method: 'editPool',
    });
  });
  it('gives the selection messages of spec §8', () => {
    expect(selectionProblem('one', 0)).toBe('selection.one');
    expect(selectionProblem('some', 0)).toBe('selection.some');
    expect(selectionProblem('onlyOne', 2)).toBe('selection.onlyOne');
    expect(selectionProblem('onlyOne', 1)).toBeNull();
    expect(selectionProblem('some', 3)).toBeNull();
  });
});
