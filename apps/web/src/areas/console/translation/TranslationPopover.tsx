import { useState, type ReactElement } from 'react';
import { Button, Popover, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationEntry } from '@tcm/contract';
import { useTranslationOf } from './translation-api.js';

/**
 * Focus pop-up (spec §2): when the wrapped field gains focus, shows the English translation of
 * its text, or a note that none is configured with a link that opens the editor for it. The text
 * is looked up as it was at focus; a later focus on the same text reads it again (a translation
 * saved meanwhile also drops the cached answer).
 */
export function TranslationPopover(props: {
  text: string;
  onConfigure: (text: string, entry: TranslationEntry | null) => void;
  children: ReactElement;
}) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const lookup = useTranslationOf(asked);
  const focus = () => {
    const text = props.text.trim();
    if (!text) return;
    setOpen(true);
    if (text === asked) void lookup.refetch();
    else setAsked(text);
  };
  const entry = lookup.data;
  const content = lookup.isFetching ? (
    <Spin size="small" />
  ) : entry?.en ? (
    <div data-testid="tr-popover">
      <Typography.Text type="secondary">{t('translation.popupEnglish')}: </Typography.Text>
      <Typography.Text data-testid="tr-popover-en">{entry.en}</Typography.Text>
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
    <Popover open={open && asked !== null} content={content} trigger={[]} placement="bottom">
      <span onFocus={focus} onBlur={() => setOpen(false)} style={{ display: 'inline-block' }}>
        {props.children}
      </span>
    </Popover>
  );
}
