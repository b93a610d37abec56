import { useState } from 'react';
import { Button, Card, Form, Input, Layout, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AUTH_ERRORS, memberRegisterBody, type MemberRegisterBody } from '@tcm/contract';
import { HttpError } from '../../lib/http.js';
import { useSchemaRules } from '../../lib/form-rules.js';
import { LanguageSwitch } from '../../components/LanguageSwitch.js';
import { newPasswordRule } from '../../components/passwords/password-rules.js';
import { JigsawModal } from './JigsawModal.js';
import { useMemberRegister } from './entrance-api.js';

type Account = Omit<MemberRegisterBody, 'captchaId' | 'x' | 'pow'>;
const MISSED = new Set<number>([AUTH_ERRORS.CAPTCHA_WRONG.code, AUTH_ERRORS.CAPTCHA_EXPIRED.code]);

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
  const { rules, text } = useSchemaRules(memberRegisterBody.shape);
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
            <Form.Item name="loginName" label={t('login.loginName')} required rules={rules('loginName')}>
              <Input {...text('loginName')} data-testid="reg-loginName" autoComplete="username" />
            </Form.Item>
            <Form.Item name="name" label={t('register.name')} required rules={rules('name')}>
              <Input {...text('name')} data-testid="reg-name" />
            </Form.Item>
            <Form.Item name="phone" label={t('register.phone')} rules={rules('phone')}>
              <Input {...text('phone')} data-testid="reg-phone" />
            </Form.Item>
            <Form.Item
              name="loginPassword"
              label={t('login.password')}
              required
              rules={[...rules('loginPassword'), newPasswordRule(() => String(form.getFieldValue('loginName') ?? ''))]}
            >
              <Input.Password {...text('loginPassword')} data-testid="reg-password" autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="inviteCode"
              label={t('memberAccounts.inviteCode')}
              extra={t('memberAccounts.inviteCodeHint')}
              rules={rules('inviteCode')}
            >
              <Input {...text('inviteCode')} data-testid="reg-inviteCode" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block data-testid="reg-submit">
              {t('login.register')}
            </Button>
            <div style={{ marginTop: 12, textAlign: 'center' }}>
              <Link to="/member-login">{t('login.toLogin')}</Link>
            </div>
          </Form>
        )}
        <JigsawModal
          open={pending !== null}
          onCancel={() => setPending(null)}
          onSolve={async (captchaId, x, pow) => {
            if (!pending) return false;
            try {
              const r = await register.mutateAsync({
                ...pending,
                inviteCode: pending.inviteCode || undefined,
                captchaId,
                x,
                pow,
              });
              setDone({ applied: r.applicationId !== null });
            } catch (e) {
              // A missed jigsaw loads a new one; anything else (a taken name: 409, its toast says so)
              // closes it and leaves the form as it was to correct.
              if (e instanceof HttpError && MISSED.has(e.code)) return false;
            }
            setPending(null);
            return true;
          }}
        />
      </Card>
    </Layout>
  );
}
