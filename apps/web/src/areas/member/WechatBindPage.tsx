import { useEffect, useState } from 'react';
import { Button, Card, QRCode, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { WechatBinding } from '@tcm/contract';
import { useCreateBinding, useWechatBinding, useWechatMine } from './records-export-api.js';

const BASE = '/member/config';

/** The outcome of a scene code in words, with the way on. */
function Outcome({ b }: { b: WechatBinding }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const key = { bound: 'success', conflict: 'conflict', expired: 'expired', pending: 'pending' }[b.status];
  return (
    <Result
      status={b.status === 'bound' ? 'success' : b.status === 'pending' ? 'info' : 'warning'}
      title={t(`member.wechat.${key}Title`)}
      subTitle={b.status === 'pending' ? undefined : t(`member.wechat.${key}Text`)}
      data-testid={`wechat-outcome-${b.status}`}
      extra={<Button onClick={() => void navigate(`${BASE}/home`)}>{t('member.wechat.backHome')}</Button>}
    />
  );
}

/** One scene code's outcome, read from the server (polled while it is pending). */
function SceneOutcome({ scene }: { scene: string }) {
  const { t } = useTranslation();
  const q = useWechatBinding(scene, (b) => b?.status === 'pending');
  if (q.isLoading) return <Spin data-testid="wechat-loading" />;
  if (q.error)
    return (
      <Result
        status="error"
        title={t('member.wechat.loadFailed')}
        subTitle={q.error.message}
        data-testid="wechat-error"
      />
    );
  return <Outcome b={q.data!} />;
}

/**
 * /member/config/bandWeChatSuccess/:idCode: the outcome of the scene code in the path (success
 * when WeChat reported the scan; otherwise what happened instead).
 */
export function WechatBoundPage() {
  const { idCode } = useParams();
  return <SceneOutcome scene={idCode ?? ''} />;
}

/**
 * /member/config/bind-wechat/result: with `?scene=` the outcome of that code; without, the
 * binding itself: the current state, a one-time QR code to scan, polled until WeChat reports the
 * scan, then the success page (bandWeChatSuccess) or the outcome here.
 */
export function WechatBindPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const scene = params.get('scene');
  const mine = useWechatMine(!scene);
  const create = useCreateBinding();
  const [code, setCode] = useState<WechatBinding | null>(null);
  const live = useWechatBinding(code?.scene, () => true);
  useEffect(() => {
    const s = live.data;
    if (!s || s.status === 'pending') return;
    if (s.status === 'bound') void navigate(`${BASE}/bandWeChatSuccess/${s.scene}`);
    else setParams({ scene: s.scene });
  }, [live.data, navigate, setParams]);

  if (scene) return <SceneOutcome scene={scene} />;
  const minutes = code ? Math.round((Date.parse(code.expiresAt) - Date.now()) / 60000) : 0;
  return (
    <Card title={t('member.wechat.title')} data-testid="wechat-bind">
      <Space orientation="vertical">
        <Typography.Text data-testid="wechat-state">
          {mine.isLoading
            ? t('app.loading')
            : mine.error
              ? // A failed read is said so, not shown as "not bound" (issue 34).
                t('member.wechat.mineFailed', { msg: mine.error.message })
              : mine.data?.bound
                ? t('member.wechat.bound')
                : t('member.wechat.notBound')}
        </Typography.Text>
        <Typography.Paragraph>{t('member.wechat.intro')}</Typography.Paragraph>
        {code?.qrUrl && (
          <>
            <QRCode value={code.qrUrl} data-testid="wechat-qr" />
            <Typography.Text type="secondary" data-testid="wechat-qr-url" copyable={{ text: code.qrUrl }}>
              {t('member.wechat.waiting', { min: minutes })}
            </Typography.Text>
          </>
        )}
        {create.error && <Typography.Text type="danger">{create.error.message}</Typography.Text>}
        <Button
          type="primary"
          loading={create.isPending}
          data-testid="wechat-start"
          onClick={() => create.mutate(undefined, { onSuccess: setCode })}
        >
          {code ? t('member.wechat.again') : t('member.wechat.start')}
        </Button>
      </Space>
    </Card>
  );
}
