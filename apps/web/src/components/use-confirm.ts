import { Modal, message, type ModalFuncProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { selectionProblem } from '../app/toolbar.js';

/**
 * The question a button asks before it changes data (spec §8): the hint title over `content`,
 * `onOk` once the reader agrees. The OK button spins while the promise `onOk` returns runs (antd),
 * so what it refreshes is fresh when the dialog closes. `more`: the few confirms that need more
 * (a danger button, a test id).
 */
export function useConfirm(): (content: string, onOk: () => unknown, more?: ModalFuncProps) => void {
  const { t } = useTranslation();
  return (content, onOk, more) => void Modal.confirm({ title: t('app.hint'), content, onOk, ...more });
}

/**
 * A toolbar's delete of the selected rows (spec §8): warns when none is selected, else asks
 * (`content`, a danger OK button) and runs `remove` once the reader agrees.
 */
export function useDeleteSelected(): (count: number, content: string, remove: () => Promise<void>) => () => void {
  const { t } = useTranslation();
  const confirm = useConfirm();
  return (count, content, remove) => () => {
    const problem = selectionProblem('some', count);
    if (problem) return void message.warning(t(problem));
    confirm(content, remove, { okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } });
  };
}
