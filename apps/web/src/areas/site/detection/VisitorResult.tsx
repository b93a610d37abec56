import '../../../record/texts.js';
import { Button, Card, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LiveRecordResult } from '../../../record/LiveRecordResult.js';
import { useRecord } from '../../../record/record-api.js';

/**
 * A visitor's result at `?token=`: a lazy chunk with antd, loaded only once there is a result to
 * show, so the detection page's first paint (the upload form) loads no Ant Design.
 */
export default function VisitorResult({ token, onNew }: { token: string; onNew: () => void }) {
  const { t } = useTranslation();
  const ref = { token };
  const state = useRecord(ref);
  const { detail, error } = state;
  if (error && !detail)
    return (
      <Result
        status={error.status === 404 ? '404' : 'error'}
        title={error.message}
        extra={<Button onClick={onNew}>{t('record.newAnalysis')}</Button>}
        data-testid="record-error"
      />
    );
  if (!detail) return <Card loading />;
  return (
    <LiveRecordResult
      recordRef={ref}
      state={{ ...state, detail }}
      extra={
        <>
          <Link to={`/checked/pdf?token=${encodeURIComponent(token)}`} data-testid="open-report">
            <Button>{t('record.openReport')}</Button>
          </Link>
          <Button onClick={onNew}>{t('record.newAnalysis')}</Button>
        </>
      }
    />
  );
}
