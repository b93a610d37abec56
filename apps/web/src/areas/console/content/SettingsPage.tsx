import { useEffect } from 'react';
import { Button, Form, Input, Space, Spin, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTENT_BUTTONS, siteSettings, type SiteSettings } from '@tcm/contract';
import { markServerFields, schemaRule, textProps, useSchemaRules } from '../../../lib/form-rules.js';
import { SchemaInput } from '../../../components/SchemaInput.js';
import { useSession } from '../../../lib/session.js';
import { useSaveSettings, useSettings } from './content-api.js';

/** The texts kept in both languages; each language's rule is the schema's. */
const PAIRS = ['orgName', 'address', 'reportFooter'] as const;
const S = siteSettings.shape;

/** Organization name, logo, contact and report footer (issue 22 item 4), used by the site and the PDFs. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [form] = Form.useForm<SiteSettings>();
  const settings = useSettings();
  const saving = useSaveSettings();
  const schema = useSchemaRules(S);
  const { lang } = schema;
  // antd's form is not React state: it is filled when the settings arrive.
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const canSave = user?.buttons?.includes(CONTENT_BUTTONS.settingsEdit) ?? false;
  const save = async () => {
    const v = await form.validateFields();
    try {
      await saving.mutateAsync({ ...v, logoUrl: v.logoUrl?.trim() || null });
    } catch (e) {
      if (markServerFields(form, e)) return;
      throw e;
    }
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
        {PAIRS.map((key) => (
          <Space key={key} wrap style={{ width: '100%' }}>
            {(['zh', 'en'] as const).map((l) => (
              <Form.Item
                key={l}
                name={[key, l]}
                label={`${t(`settings.${key}`)} (${t(`content.langs.${l}`)})`}
                rules={[schemaRule(S[key].shape[l], lang, key)]}
              >
                <Input {...textProps(S[key].shape[l])} style={{ width: 340 }} data-testid={`settings-${key}-${l}`} />
              </Form.Item>
            ))}
          </Space>
        ))}
        <SchemaInput field={schema.field('logoUrl')} label={t('settings.logoUrl')} extra={t('content.coverHint')} />
        <Space wrap>
          <SchemaInput field={schema.field('phone')} label={t('settings.phone')} style={{ width: 240 }} />
          <SchemaInput field={schema.field('email')} label={t('settings.email')} style={{ width: 300 }} />
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
