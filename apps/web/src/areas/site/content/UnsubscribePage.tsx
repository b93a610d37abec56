import { Alert, Button, Card, Result, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGE_KIND_LABELS } from '@tcm/contract';
import { useUnsubscribe, useUnsubscribeState } from './unsubscribe-api.js';
import { currentLanguage } from '../../../lib/i18n.js';

/**
 * /unsubscribe/post?token=… (issue 33 item 5): the link at the foot of a notice. The page shows
 * what it stops and for whom (name masked), and stops it only when the reader confirms: a mail
 * scanner that opens links stops nothing. Without a token the page is the CMS text (`fallback`).
 */
export function UnsubscribePage({ fallback }: { fallback: React.ReactNode }) {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <Unsubscribe token={token} /> : <>{fallback}</>;
}

function Unsubscribe({ token }: { token: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage() === 'en' ? 'en' : 'zh';
  const state = useUnsubscribeState(token);
  const stop = useUnsubscribe(token);
  const shown = state.data;
  const words = shown && { kind: MESSAGE_KIND_LABELS[shown.kind][lang], name: shown.name };
  return (
    <Card
      style={{ maxWidth: 560, margin: '48px auto' }}
      title={t('memberAccounts.unsubTitle')}
      data-testid="unsubscribe"
    >
      {state.isLoading && <Spin description={t('memberAccounts.unsubLoading')} />}
      {state.isError && <Alert type="error" showIcon title={state.error.message} data-testid="unsubscribe-error" />}
      {shown && words && shown.stopped && (
        <Result status="success" title={t('memberAccounts.unsubDone', words)} data-testid="unsubscribe-done" />
      )}
      {shown && words && !shown.stopped && (
        <Result
          status="info"
          title={t('memberAccounts.unsubAsk', words)}
          extra={
            <Button
              type="primary"
              loading={stop.isPending}
              onClick={() => stop.mutate()}
              data-testid="unsubscribe-confirm"
            >
              {t('memberAccounts.unsubConfirm')}
            </Button>
          }
        />
      )}
    </Card>
  );
}
