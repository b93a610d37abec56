import { useState } from 'react';
import { Button, Card, Form, Layout, Radio, Result, Steps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doctorAccountBody, type DoctorAccountBody } from '@tcm/contract';
import { useSchemaRules } from '../../lib/form-rules.js';
import { SchemaInput } from '../../components/SchemaInput.js';
import { useDoctorRegister, useDoctorRegisterCheck } from './entrance-api.js';
import { RegisterJigsaw } from './RegisterJigsaw.js';
import { HttpError } from '../../lib/http.js';
import { LanguageSwitch } from '../../components/LanguageSwitch.js';
import { PHONE_FIRST } from '../../record/stack-table.js';
import { newPasswordRule } from '../../components/passwords/password-rules.js';
import { asyncHandler } from '../../lib/async-handler.js';

/** The active step lives on the client (spec §2): 1-based, default 1, kept for this tab. */
const STEP_KEY = 'doctor_register_step';
const DATA_KEY = 'doctor_register_account';
export function readRegisterStep(): 1 | 2 | 3 {
  const n = Number(sessionStorage.getItem(STEP_KEY));
  return n === 2 || n === 3 ? n : 1;
}

type Account = Pick<DoctorAccountBody, 'loginName' | 'email' | 'phone'>;

/** Doctor/researcher registration in steps: account (checked for duplicates), profile, done. */
export function DoctorRegister() {
  const { t } = useTranslation();
  const [step, setStepState] = useState(readRegisterStep);
  const check = useDoctorRegisterCheck();
  const register = useDoctorRegister();
  // The filled-in account, waiting for the jigsaw that guards the final step (issue 35 item 8).
  const [pending, setPending] = useState<DoctorAccountBody | null>(null);
  const setStep = (s: 1 | 2 | 3) => {
    sessionStorage.setItem(STEP_KEY, String(s));
    setStepState(s);
  };
  const account = (): Account | null => {
    try {
      return JSON.parse(sessionStorage.getItem(DATA_KEY) ?? 'null') as Account | null;
    } catch {
      return null;
    }
  };
  // Both steps check with the final body's schema (step 1's fields are its first three).
  const schema = useSchemaRules(doctorAccountBody.shape);
  return (
    <Layout style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f3f1ee' }}>
      <Card
        title={`${t('app.projectName')} · ${t('route.doctorRegister')}`}
        extra={<LanguageSwitch />}
        // Never wider than a phone (issue 34: a fixed 520 px made the page 520 px wide on 390 px).
        style={{ width: 'min(520px, calc(100vw - 24px))' }}
        className={PHONE_FIRST}
      >
        <Steps
          current={step - 1}
          size="small"
          style={{ marginBottom: 24 }}
          items={[{ title: t('register.step1') }, { title: t('register.step2') }, { title: t('register.step3') }]}
        />
        {step === 1 && (
          <Form
            layout="vertical"
            initialValues={account() ?? undefined}
            onFinish={asyncHandler(async (v: Account) => {
              await check.mutateAsync(v);
              sessionStorage.setItem(DATA_KEY, JSON.stringify(v));
              setStep(2);
            })}
          >
            <SchemaInput field={schema.field('loginName')} label={t('login.loginName')} required />
            <SchemaInput field={schema.field('email')} label={t('register.email')} required />
            <SchemaInput field={schema.field('phone')} label={t('register.phone')} required />
            <Button type="primary" htmlType="submit" block>
              {t('register.next')}
            </Button>
          </Form>
        )}
        {step === 2 && (
          <Form
            layout="vertical"
            initialValues={{ kind: 'doctor' }}
            onFinish={(v: Omit<DoctorAccountBody, keyof Account>) => {
              const a = account();
              if (!a) return setStep(1);
              setPending({ ...a, ...v });
            }}
          >
            <SchemaInput field={schema.field('name')} label={t('register.name')} required />
            <SchemaInput
              field={schema.field(
                'loginPassword',
                newPasswordRule(() => account()?.loginName ?? ''),
              )}
              label={t('login.password')}
              required
              password
            />
            <Form.Item name="kind" label={t('register.kind')}>
              <Radio.Group
                options={[
                  { value: 'doctor', label: t('register.doctor') },
                  { value: 'researcher', label: t('register.researcher') },
                ]}
              />
            </Form.Item>
            <SchemaInput field={schema.field('organisation')} label={t('register.organisation')} />
            <SchemaInput field={schema.field('title')} label={t('register.title')} />
            <Button onClick={() => setStep(1)} style={{ marginRight: 8 }}>
              {t('register.prev')}
            </Button>
            <Button type="primary" htmlType="submit">
              {t('register.next')}
            </Button>
          </Form>
        )}
        <RegisterJigsaw
          pending={pending}
          send={async (body, solved) => {
            await register.mutateAsync({ ...body, ...solved });
            sessionStorage.removeItem(DATA_KEY);
            setStep(3);
          }}
          // A taken name, email or phone (409, its toast names which) is only told past the
          // captcha: back to step 1 to change it.
          onRefused={(e) => {
            if (e instanceof HttpError && e.status === 409) setStep(1);
          }}
          onClose={() => setPending(null)}
        />
        {step === 3 && (
          <Result
            status="success"
            title={t('register.done')}
            extra={
              <Link to="/keyan-login" onClick={() => sessionStorage.removeItem(STEP_KEY)}>
                {t('login.toLogin')}
              </Link>
            }
          />
        )}
      </Card>
    </Layout>
  );
}
