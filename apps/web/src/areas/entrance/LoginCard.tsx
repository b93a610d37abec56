import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Form, Input, Layout, Space } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pwdSigninBody } from '@tcm/contract';
import { maxLengthOf, useSchemaRules } from '../../lib/form-rules.js';
import { LanguageSwitch } from '../../components/LanguageSwitch.js';

export interface Credentials {
  loginName: string;
  loginPassword: string;
}

/** The sign-in card every entrance shares: title, name and password, optional footer. */
export function LoginCard(props: {
  title: string;
  onSubmit: (c: Credentials) => Promise<void>;
  footer?: ReactNode;
  /** Why the last sign-in was refused, when the refusal says more than the toast (a rejected doctor). */
  notice?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  // The schema's maximum without a counter: a sign-in form shows no character count.
  const { rules } = useSchemaRules(pwdSigninBody.shape);
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  return (
    <Layout style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f3f1ee' }}>
      <Card
        title={`${t('app.projectName')} · ${props.title}`}
        extra={<LanguageSwitch />}
        // 400 px on a desktop; on a phone (390 px) the card fits the window with a small gutter (issue 17).
        style={{ width: 'calc(100vw - 24px)', maxWidth: 400 }}
        data-testid={props.testId}
      >
        {params.has('loginOut') && <Alert type="info" showIcon title={t('app.logout')} style={{ marginBottom: 16 }} />}
        {props.notice}
        <Form
          layout="vertical"
          onFinish={(v: Credentials) => {
            setBusy(true);
            // The HTTP client has already shown why a sign-in failed; nothing is left unhandled.
            props
              .onSubmit(v)
              .catch(() => undefined)
              .finally(() => setBusy(false));
          }}
        >
          <Form.Item name="loginName" label={t('login.loginName')} required rules={rules('loginName')}>
            <Input
              maxLength={maxLengthOf(pwdSigninBody.shape.loginName)}
              autoComplete="username"
              data-testid="login-name"
            />
          </Form.Item>
          <Form.Item name="loginPassword" label={t('login.password')} required rules={rules('loginPassword')}>
            <Input.Password
              maxLength={maxLengthOf(pwdSigninBody.shape.loginPassword)}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
              {t('login.submit')}
            </Button>
            {props.footer}
          </Space>
        </Form>
      </Card>
    </Layout>
  );
}
