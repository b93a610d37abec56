import type { ToolbarButton } from './dynamic-menu.js';

export interface ToolbarButtonState {
  button: ToolbarButton;
  danger: boolean;
  disabled: boolean;
}

/** Danger style for codes containing delete or remove (spec §6). */
export const isDangerCode = (code: string): boolean => /delete|remove/i.test(code);
/** Batch-delete buttons need a selection (spec §6). */
export const isBatchDeleteCode = (code: string): boolean => /batch-delete|batchdelete/i.test(code);

/** Toolbar button states from route metadata, the user's button codes and the selection size. */
export function toolbarStates(
  buttons: readonly ToolbarButton[],
  granted: ReadonlySet<string> | 'all',
  selected: number,
): ToolbarButtonState[] {
  return buttons
    .filter((b) => granted === 'all' || granted.has(b.buttonCode))
    .map((button) => ({
      button,
      danger: isDangerCode(button.buttonCode),
      disabled: isBatchDeleteCode(button.buttonCode) && selected === 0,
    }));
}

export type SelectionRule = 'one' | 'some' | 'onlyOne';
/** i18n key of the selection message (spec §8) when the rule fails, else null. */
export function selectionProblem(rule: SelectionRule, selected: number): string | null {
  if (rule === 'one' && selected === 0) return 'selection.one';
  if (rule === 'some' && selected === 0) return 'selection.some';
  if (rule === 'onlyOne' && selected !== 1) return selected === 0 ? 'selection.one' : 'selection.onlyOne';
  return null;
}

/**
 * Runs the handler a button names; a button without a handler reports the i18n key of the
 * "method does not exist" warning instead (spec §8).
 */
export function runToolbarAction(
  button: ToolbarButton,
  handlers: Readonly<Record<string, (() => void) | undefined>>,
): { ok: true } | { ok: false; warning: 'toolbar.noMethod'; method: string } {
  const name = button.buttonUrl ?? button.buttonCode;
  const h = handlers[name];
  if (!h) return { ok: false, warning: 'toolbar.noMethod', method: name };
  h();
  return { ok: true };
}
