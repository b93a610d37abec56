import '../../../record/texts.js';
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Result, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEVICE_PATHS, deviceRegisterBodySchema, type Device, type DeviceCredentials } from '@tcm/contract';
import { markServerFields, useSchemaRules } from '../../../lib/form-rules.js';
import { useSession } from '../../../lib/session.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { useDevices, useDisableDevice, useRegisterDevice } from './device-api.js';
import { asyncHandler } from '../../../lib/async-handler.js';
import { useConfirm } from '../../../components/use-confirm.js';

/**
 * /device: what a device (kiosk, tongue camera) does, and for a signed-in team leader the
 * registration of the team's devices. The secret is shown once: only its hash is stored.
 */
export function DevicePage() {
  const { t } = useTranslation();
  const s = useSession();
  const signedIn = s.token !== null && s.loginType === 'member';
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 1100, margin: '0 auto' }} size="large">
      <Typography.Title level={2}>{t('route.device')}</Typography.Title>
      <Typography.Paragraph>{t('record.device.intro')}</Typography.Paragraph>
      <Card size="small" title={t('record.device.apiTitle')}>
        <Typography.Paragraph>
          <Typography.Text code>POST {DEVICE_PATHS.upload}</Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>{t('record.device.apiText')}</Typography.Paragraph>
      </Card>
      {signedIn ? (
        <LeaderDevices />
      ) : (
        <Alert
          type="info"
          showIcon
          title={t('record.device.signIn')}
          action={
            <Link to="/member-login">
              <Button>{t('route.memberLogin')}</Button>
            </Link>
          }
        />
      )}
    </Space>
  );
}

function LeaderDevices() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const fmt = useReaderFormat();
  const list = useDevices();
  const register = useRegisterDevice();
  const disable = useDisableDevice();
  const [creds, setCreds] = useState<DeviceCredentials | null>(null);
  const [form] = Form.useForm<{ name: string; location?: string }>();
  const { rules, text } = useSchemaRules(deviceRegisterBodySchema.shape);
  const denied = list.error?.message ?? null;
  if (denied) return <Result status="403" title={denied} data-testid="device-denied" />;
  return (
    <Card title={t('record.device.mine')}>
      <Form
        form={form}
        layout="inline"
        onFinish={asyncHandler(async (v) => {
          let c: DeviceCredentials;
          try {
            c = await register.mutateAsync(v);
          } catch (e) {
            if (markServerFields(form, e)) return;
            throw e;
          }
          setCreds(c);
          form.resetFields();
        })}
      >
        <Form.Item name="name" required rules={rules('name')}>
          <Input placeholder={t('record.device.name')} {...text('name')} data-testid="device-name" />
        </Form.Item>
        <Form.Item name="location" rules={rules('location')}>
          <Input placeholder={t('record.device.location')} {...text('location')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="device-register">
          {t('record.device.register')}
        </Button>
      </Form>
      <Table<Device>
        style={{ marginTop: 16 }}
        size="small"
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('record.device.name'), dataIndex: 'name' },
          { title: t('record.device.location'), dataIndex: 'location' },
          { title: t('record.device.id'), dataIndex: 'id' },
          {
            title: t('record.device.state'),
            render: (_, d) => (
              <Tag color={d.enabled ? 'green' : 'default'}>
                {t(d.enabled ? 'record.device.enabled' : 'record.device.disabled')}
              </Tag>
            ),
          },
          {
            title: t('record.device.lastSeen'),
            render: (_, d) => (d.lastSeenAt ? fmt.date(d.lastSeenAt) : '—'),
          },
          {
            title: '',
            render: (_, d) =>
              d.enabled && (
                <Button
                  danger
                  size="small"
                  onClick={() =>
                    confirm(t('record.device.confirmDisable', { name: d.name }), async () => {
                      await disable.mutateAsync(d.id);
                    })
                  }
                >
                  {t('record.device.disable')}
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={creds !== null}
        title={t('record.device.credentials')}
        closable={false}
        maskClosable={false}
        cancelButtonProps={{ style: { display: 'none' } }}
        onOk={() => setCreds(null)}
        okText={t('record.device.saved')}
      >
        {creds && (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="device-credentials">
            <Alert type="warning" showIcon title={t('record.device.once')} />
            <Typography.Text>{t('record.device.id')}</Typography.Text>
            <Typography.Text code copyable data-testid="device-id">
              {creds.id}
            </Typography.Text>
            <Typography.Text>{t('record.device.secret')}</Typography.Text>
            <Typography.Text code copyable data-testid="device-secret">
              {creds.secret}
            </Typography.Text>
          </Space>
        )}
      </Modal>
    </Card>
  );
}
