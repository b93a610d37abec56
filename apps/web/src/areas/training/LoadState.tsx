import { Alert, Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Loading, error (with retry) and empty states of a training query; children once there is data. */
export function LoadState(props: {
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  empty?: boolean;
  emptyText?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { query } = props;
  if (query.isPending) return <Spin description={t('training.loading')} style={{ display: 'block', margin: 24 }} />;
  if (query.error)
    return (
      <Alert
        type="error"
        showIcon
        title={t('training.loadFailed', { msg: query.error.message })}
        action={<Button onClick={() => query.refetch()}>{t('training.retry')}</Button>}
      />
    );
  if (props.empty) return <Empty description={props.emptyText} />;
  return <>{props.children}</>;
}
