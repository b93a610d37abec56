import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { enquirySubmitBody, isPhoneNumber, type EnquirySubmitBody } from '@tcm/contract';
import { textProps } from '../../../lib/form-rules.js';

const F = enquirySubmitBody.shape;
import { useEnquire } from './site-content-api.js';

type Values = Required<Omit<EnquirySubmitBody, 'language'>>;

/**
 * The cooperation form (spec §5): company, contact person, contact number (mobile or landline)
 * and requirement, all required; the server checks the same rules and limits sends per address.
 * After sending, the visitor is told what happens next.
 */
export function CooperationForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [sent, setSent] = useState(false);
  // The server's refusal (reader's language) shows above the button until the next send.
  const enquire = useEnquire();
  const required = (field: string) => ({ required: true, whitespace: true, message: t('site.required', { field }) });
  const send = async () => {
    const v = await form.validateFields();
    enquire.mutate(v, {
      onSuccess: () => {
        setSent(true);
        form.resetFields();
      },
    });
  };
  return (
    <Card title={t('site.cooperationTitle')} data-testid="cooperation" style={{ maxWidth: 720 }}>
      {sent ? (
        <Result
          status="success"
          subTitle={<span data-testid="cooperation-sent">{t('site.sent')}</span>}
          extra={<Button onClick={() => setSent(false)}>{t('site.sendAnother')}</Button>}
        />
      ) : (
        <>
          <Typography.Paragraph>{t('site.cooperationIntro')}</Typography.Paragraph>
          <Form form={form} layout="vertical" onFinish={() => void send().catch(() => undefined)}>
            <Form.Item name="company" label={t('site.company')} rules={[required(t('site.company'))]}>
              <Input {...textProps(F.company)} data-testid="coop-company" />
            </Form.Item>
            <Form.Item name="contactPerson" label={t('site.contactPerson')} rules={[required(t('site.contactPerson'))]}>
              <Input {...textProps(F.contactPerson)} data-testid="coop-person" />
            </Form.Item>
            <Form.Item
              name="contact"
              label={t('site.contact')}
              extra={t('site.contactHint')}
              rules={[
                required(t('site.contact')),
                {
                  validator: (_r, v: string | undefined) =>
                    !v?.trim() || isPhoneNumber(v)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('site.contactInvalid'))),
                },
              ]}
            >
              <Input {...textProps(F.contact)} data-testid="coop-contact" />
            </Form.Item>
            <Form.Item name="description" label={t('site.description')} rules={[required(t('site.description'))]}>
              <Input.TextArea rows={4} {...textProps(F.description)} data-testid="coop-description" />
            </Form.Item>
            {enquire.error && (
              <Alert
                type="error"
                showIcon
                title={enquire.error.message}
                style={{ marginBottom: 12 }}
                data-testid="coop-error"
              />
            )}
            <Button type="primary" htmlType="submit" loading={enquire.isPending} data-testid="coop-submit">
              {t('site.submit')}
            </Button>
          </Form>
        </>
      )}
    </Card>
  );
}
