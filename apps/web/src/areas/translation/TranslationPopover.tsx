import { useState, type ReactElement } from 'react';
import { Button, Popover, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationEntry } from '@tcm/contract';
import { translationApi } from './translation-api.js';

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'found'; entry: TranslationEntry } | { kind: 'none' };

/**
 * Focus pop-up (spec §2): when the wrapped field gains focus, shows the English translation of
 * its text, or a note that none is configured with a link that opens the editor for it.
 */
export function TranslationPopover(props: {
  text: string;
  onConfigure: (text: string, entry: TranslationEntry | null) => void;
  children: ReactElement;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [open, setOpen] = useState(false);
  const lookup = async () => {
    const text = props.text.trim();
    if (!text) return;
    setOpen(true);
    setState({ kind: 'loading' });
    try {
      const entry = await translationApi.findByText(text);
      setState(entry?.en ? { kind: 'found', entry } : { kind: 'none' });
    } catch {
      setState({ kind: 'none' });
    }
  };
  const content =
    state.kind === 'loading' ? (
      <Spin size="small" />
    ) : state.kind === 'found' ? (
      <div data-testid="tr-popover">
        <Typography.Text type="secondary">{t('translation.popupEnglish')}: </Typography.Text>
        <Typography.Text data-testid="tr-popover-en">{state.entry.en}</Typography.Text>
      </div>
    ) : (
      <div data-testid="tr-popover">
        <Typography.Text>{t('translation.popupNone')}</Typography.Text>{' '}
        <Button
          type="link"
          size="small"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => props.onConfigure(props.text, null)}
        >
          {t('translation.popupConfigure')}
        </Button>
      </div>
    );
  return (
    <Popover open={open && state.kind !== 'idle'} content={content} trigger={[]} placement="bottom">
      <span onFocus={() => void lookup()} onBlur={() => setOpen(false)} style={{ display: 'inline-block' }}>
        {props.children}
      </span>
    </Popover>
  );
}
