import { useState } from 'react';
import { Button, Card, Form, Layout, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { memberRegisterBody, type MemberRegisterBody } from '@tcm/contract';
import { useSchemaRules } from '../../lib/form-rules.js';
import { SchemaInput } from '../../components/SchemaInput.js';
import { LanguageSwitch } from '../../components/LanguageSwitch.js';
import { newPasswordRule } from '../../components/passwords/password-rules.js';
import { RegisterJigsaw } from './RegisterJigsaw.js';
import { useMemberRegister } from './entrance-api.js';

type Account = Omit<MemberRegisterBody, 'captchaId' | 'x' | 'pow'>;

/**
 * A member's own registration, without WeChat (issue 33 item 1). A team's invitation link sends a
 * signed-out visitor here with `?code=`: the account is created with its application to that team.
 * The jigsaw opens on submit; whether the login name is taken is told only after it (409).
 */
export function MemberRegister() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [form] = Form.useForm<Account>();
  const [pending, setPending] = useState<Account | null>(null);
  const [done, setDone] = useState<{ applied: boolean } | null>(null);
  const register = useMemberRegister();
  const schema = useSchemaRules(memberRegisterBody.shape);
  return (
    <Layout style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f3f1ee' }}>
      <Card
        title={`${t('app.projectName')} · ${t('route.memberRegister')}`}
        extra={<LanguageSwitch />}
        style={{ width: 480 }}
        data-testid="member-register"
      >
        {done ? (
          <Result
            status="success"
            title={t('memberAccounts.registered')}
            subTitle={done.applied ? t('memberAccounts.applied') : undefined}
            extra={
              <Link to="/member-login" data-testid="member-register-login">
                {t('login.toLogin')}
              </Link>
            }
          />
        ) : (
          <Form
            form={form}
            layout="vertical"
            initialValues={{ inviteCode: code }}
            onFinish={(v: Account) => setPending(v)}
          >
            <SchemaInput
              field={schema.field('loginName')}
              label={t('login.loginName')}
              required
              data-testid="reg-loginName"
              autoComplete="username"
            />
            <SchemaInput field={schema.field('name')} label={t('register.name')} required data-testid="reg-name" />
            <SchemaInput field={schema.field('phone')} label={t('register.phone')} data-testid="reg-phone" />
            <SchemaInput
              field={schema.field(
                'loginPassword',
                newPasswordRule(() => String(form.getFieldValue('loginName') ?? '')),
              )}
              label={t('login.password')}
              required
              password
              data-testid="reg-password"
              autoComplete="new-password"
            />
            <SchemaInput
              field={schema.field('inviteCode')}
              label={t('memberAccounts.inviteCode')}
              extra={t('memberAccounts.inviteCodeHint')}
              data-testid="reg-inviteCode"
            />
            <Button type="primary" htmlType="submit" block data-testid="reg-submit">
              {t('login.register')}
            </Button>
            <div style={{ marginTop: 12, textAlign: 'center' }}>
              <Link to="/member-login">{t('login.toLogin')}</Link>
            </div>
          </Form>
        )}
        {/* A refusal (a taken name: 409, its toast says so) leaves the form as it was to correct. */}
        <RegisterJigsaw
          pending={pending}
          send={async (account, solved) => {
            const r = await register.mutateAsync({
              ...account,
              inviteCode: account.inviteCode || undefined,
              ...solved,
            });
            setDone({ applied: r.applicationId !== null });
          }}
          onClose={() => setPending(null)}
        />
      </Card>
    </Layout>
  );
}
