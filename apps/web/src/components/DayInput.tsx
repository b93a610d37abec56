import 'dayjs/locale/zh-cn';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { clinicDay } from '@tcm/contract';

/** The value format of a day field: what the contract's schemas check and the server stores. */
export const DAY_FORMAT = 'YYYY-MM-DD';

/**
 * A day field as antd's date picker, localised by the ConfigProvider's locale (zh_CN / en_US,
 * AntShell) and dayjs's matching locale for month and weekday names, instead of the native
 * `<input type="date">`, which follows the browser's locale (issue 32 item 6). The form value
 * stays the `yyyy-MM-dd` string the schemas check, and their rules (a birth date not after the
 * clinic's today) word a wrong day. antd's own "today" button is the browser's day, so it is hidden
 * and the footer's "today" is the clinic's (`clinicDay()`).
 */
export function DayInput(props: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  size?: 'large' | 'middle' | 'small';
  style?: React.CSSProperties;
  'data-testid'?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.startsWith('en') ? 'en' : 'zh-cn';
  const parsed = props.value ? dayjs(props.value, DAY_FORMAT, true) : null;
  const value = parsed?.isValid() ? parsed.locale(locale) : null;
  const today = clinicDay();
  const set = (d: Dayjs | null) => props.onChange?.(d ? d.format(DAY_FORMAT) : null);
  return (
    <DatePicker
      value={value}
      onChange={set}
      format={DAY_FORMAT}
      size={props.size}
      style={{ width: 180, ...props.style }}
      showNow={false}
      renderExtraFooter={() => (
        <a data-testid="day-today" onClick={() => set(dayjs(today, DAY_FORMAT))}>
          {t('app.today')}
        </a>
      )}
      data-testid={props['data-testid']}
    />
  );
}
