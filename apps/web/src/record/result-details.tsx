import './texts.js';
import { createContext, useContext, useState } from 'react';
import { Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Technical details of a result (engine, model and timing, error codes, how progress arrives)
 * are for whoever checks the platform, not for the person reading their result (issue 17: noise
 * on consumer screens). They stay one switch away, and the choice is remembered on the device.
 */
const DetailsContext = createContext(false);
const KEY = 'result_details';

export const useShowDetails = () => useContext(DetailsContext);

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** The switch and the provider around a result. */
export function ResultDetails(props: { children: (toggle: React.ReactNode) => React.ReactNode }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(stored);
  const toggle = (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      <Switch
        size="small"
        checked={on}
        data-testid="details-toggle"
        aria-label={t('record.details')}
        onChange={(v) => {
          setOn(v);
          try {
            localStorage.setItem(KEY, v ? '1' : '0');
          } catch {
            // Private mode: the choice holds for this page only.
          }
        }}
      />{' '}
      {t('record.details')}
    </Typography.Text>
  );
  return <DetailsContext.Provider value={on}>{props.children(toggle)}</DetailsContext.Provider>;
}
