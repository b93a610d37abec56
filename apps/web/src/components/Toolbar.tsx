import { Button, Space, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ToolbarButton } from '../app/dynamic-menu.js';
import { runToolbarAction, toolbarStates } from '../app/toolbar.js';
import { useSession } from '../lib/session.js';

/**
 * Toolbar of a page, from its route metadata (spec §2, §6, §8): only the buttons the user holds,
 * danger style for delete/remove codes, batch delete disabled without a selection, and a warning
 * when a button names a handler the page does not have.
 */
export function Toolbar(props: {
  buttons: readonly ToolbarButton[];
  /** Number of selected table rows. */
  selected: number;
  /** Page handlers by the name each button's buttonUrl gives. */
  handlers: Readonly<Record<string, (() => void) | undefined>>;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const states = toolbarStates(props.buttons, new Set(user?.buttons ?? []), props.selected);
  return (
    <Space wrap data-testid="toolbar">
      {states.map((b) => (
        <Button
          key={b.button.buttonCode}
          danger={b.danger}
          disabled={b.disabled}
          data-testid={`btn-${b.button.buttonCode}`}
          onClick={() => {
            const r = runToolbarAction(b.button, props.handlers);
            if (!r.ok) void message.warning(t(r.warning, { method: r.method }));
          }}
        >
          {i18n.language === 'en' && b.button.buttonNameEn ? b.button.buttonNameEn : b.button.buttonName}
        </Button>
      ))}
    </Space>
  );
}
