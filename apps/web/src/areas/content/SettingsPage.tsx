import { useEffect } from 'react';
import { Button, Form, Input, Space, Spin, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTENT_BUTTONS, type SiteSettings } from '@tcm/contract';
import { useSession } from '../../lib/session.js';
import { useSaveSettings, useSettings } from './content-api.js';

const PAIRS = [
  ['orgName', 200],
  ['address', 200],
  ['reportFooter', 80],
] as const;

/** Organization name, logo, contact and report footer (issue 22 item 4), used by the site and the PDFs. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [form] = Form.useForm<SiteSettings>();
  const settings = useSettings();
  const saving = useSaveSettings();
  // antd's form is not React state: it is filled when the settings arrive.
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const canSave = user?.buttons?.includes(CONTENT_BUTTONS.settingsEdit) ?? false;
  const save = async () => {
    const v = await form.validateFields();
    await saving.mutateAsync({ ...v, logoUrl: v.logoUrl?.trim() || null });
    void message.success(t('consoleAdmin.saved'));
  };
  if (settings.isLoading) return <Spin />;
  if (settings.isError)
    return <Typography.Paragraph type="danger">{t('consoleAdmin.loadFailed')}</Typography.Paragraph>;
  return (
    <div data-testid="settings" style={{ maxWidth: 760 }}>
      <Typography.Title level={4}>{t('settings.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" disabled={!canSave}>
        {PAIRS.map(([key, max]) => (
          <Space key={key} wrap style={{ width: '100%' }}>
            {(['zh', 'en'] as const).map((l) => (
              <Form.Item key={l} name={[key, l]} label={`${t(`settings.${key}`)} (${t(`content.langs.${l}`)})`}>
                <Input maxLength={max} style={{ width: 340 }} data-testid={`settings-${key}-${l}`} />
              </Form.Item>
            ))}
          </Space>
        ))}
        <Form.Item name="logoUrl" label={t('settings.logoUrl')} extra={t('content.coverHint')}>
          <Input maxLength={500} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="phone" label={t('settings.phone')}>
            <Input maxLength={50} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="email" label={t('settings.email')}>
            <Input maxLength={120} style={{ width: 300 }} />
          </Form.Item>
        </Space>
      </Form>
      {canSave && (
        <Button
          type="primary"
          loading={saving.isPending}
          onClick={() => void save().catch(() => undefined)}
          data-testid="settings-save"
        >
          {t('app.save')}
        </Button>
      )}
    </div>
  );
}
