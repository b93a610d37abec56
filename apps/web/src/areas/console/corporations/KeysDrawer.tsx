import { useState } from 'react';
import { Alert, Button, Drawer, Form, InputNumber, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { appKeyAddBody, type AppKey, type AppKeyCredentials, type Corporation } from '@tcm/contract';
import { markServerFields, useSchemaRules } from '../../../lib/form-rules.js';
import { SchemaInput } from '../../../components/SchemaInput.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { useAddKey, useAppKeys, useRevokeKey, useRotateKey } from './corporations-api.js';
import { QueryTable } from '../../../components/QueryTable.js';

/** One credential to copy: its name, then the value as code with antd's copy button. */
function Copyable(props: { label: string; value: string; testId: string }) {
  return (
    <Typography.Paragraph>
      {props.label}:{' '}
      <Typography.Text copyable code data-testid={props.testId}>
        {props.value}
      </Typography.Text>
    </Typography.Paragraph>
  );
}

/** The secret of a new or rotated key: shown this once, never again (only its sealed copy is stored). */
function SecretModal({ creds, onClose }: { creds: AppKeyCredentials; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('corporations.secretTitle')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Alert type="warning" showIcon title={t('corporations.secretOnce')} style={{ marginBottom: 12 }} />
      <Copyable label={t('corporations.appKey')} value={creds.appKey} testId="new-app-key" />
      <Copyable label={t('corporations.secret')} value={creds.secret} testId="new-secret" />
    </Modal>
  );
}

/** A corporation's app keys: create (label, rate limit, daily quota), rotate, revoke. */
export function KeysDrawer({ corporation, onClose }: { corporation: Corporation; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const keys = useAppKeys(corporation.id);
  const add = useAddKey(corporation.id);
  const rotate = useRotateKey(corporation.id);
  const revoke = useRevokeKey(corporation.id);
  // One key change at a time: each button waits while another is sent.
  const busy = add.isPending || rotate.isPending || revoke.isPending;
  const [shown, setShown] = useState<AppKeyCredentials | null>(null);
  const [form] = Form.useForm<{ label?: string; rateLimitPerMin: number; dailyQuota: number }>();
  const schema = useSchemaRules(appKeyAddBody.shape);
  const reveal = { onSuccess: setShown, onError: (e: unknown) => markServerFields(form, e) };
  const create = async () => {
    const v = await form.validateFields();
    add.mutate({ ...v, label: v.label || undefined }, reveal);
  };
  return (
    <Drawer open width={900} title={t('corporations.keysOf', { name: corporation.name })} onClose={onClose}>
      <Form
        form={form}
        layout="inline"
        initialValues={{ rateLimitPerMin: 60, dailyQuota: 1000 }}
        style={{ marginBottom: 12 }}
      >
        <SchemaInput field={schema.field('label')} label={t('corporations.keyLabel')} />
        <Form.Item name="rateLimitPerMin" label={t('corporations.rateLimit')} rules={schema.rules('rateLimitPerMin')}>
          <InputNumber precision={0} />
        </Form.Item>
        <Form.Item name="dailyQuota" label={t('corporations.dailyQuota')} rules={schema.rules('dailyQuota')}>
          <InputNumber precision={0} />
        </Form.Item>
        <Button
          type="primary"
          loading={add.isPending}
          disabled={busy && !add.isPending}
          onClick={() => void create().catch(() => undefined)}
          data-testid="create-key"
        >
          {t('corporations.createKey')}
        </Button>
      </Form>
      {keys.isError && <Typography.Paragraph type="danger">{t('consoleAdmin.loadFailed')}</Typography.Paragraph>}
      <QueryTable<AppKey>
        query={keys}
        locale={{ emptyText: t('corporations.noKeys') }}
        columns={[
          {
            title: t('corporations.appKey'),
            dataIndex: 'appKey',
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { title: t('corporations.keyLabel'), dataIndex: 'label', render: (v: string | null) => v ?? '—' },
          {
            title: t('corporations.status'),
            dataIndex: 'status',
            render: (v: AppKey['status']) => (
              <Tag color={v === 'active' ? 'green' : 'default'}>{t(`corporations.keyStatus.${v}`)}</Tag>
            ),
          },
          { title: t('corporations.rateLimit'), dataIndex: 'rateLimitPerMin', render: (v: number) => fmt.number(v, 0) },
          { title: t('corporations.dailyQuota'), dataIndex: 'dailyQuota', render: (v: number) => fmt.number(v, 0) },
          { title: t('corporations.createdAt'), dataIndex: 'createdAt', render: (v: string) => fmt.date(v) },
          {
            title: t('translation.actions'),
            render: (_v, k) =>
              k.status === 'active' && (
                <Space>
                  <Popconfirm
                    title={t('corporations.rotateConfirm')}
                    onConfirm={() => rotate.mutate(k.id, reveal)}
                    disabled={busy}
                  >
                    <Button size="small" disabled={busy} loading={rotate.isPending && rotate.variables === k.id}>
                      {t('corporations.rotate')}
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title={t('corporations.revokeConfirm')}
                    onConfirm={() => revoke.mutate(k.id)}
                    disabled={busy}
                  >
                    <Button size="small" danger disabled={busy} loading={revoke.isPending && revoke.variables === k.id}>
                      {t('corporations.revoke')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      {shown && <SecretModal creds={shown} onClose={() => setShown(null)} />}
    </Drawer>
  );
}
