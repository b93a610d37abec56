import { useEffect, useState } from 'react';
import { Alert, Layout, Result, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AreaProps } from '../../app/LazyArea.js';
import { findPage, type PageComponent, type PageRegistry } from '../../app/pages.js';
import { DoctorRegister } from './DoctorRegister.js';
import { MemberRegister } from './MemberRegister.js';
import { CaptchaSignIn } from './CaptchaSignIn.js';
import { LoginCard, type Credentials } from './LoginCard.js';
import { ENTRANCE_HOME, entranceSignIn, rejectionReason, useWechatSignIn } from './entrance-api.js';
import { SysLogin } from './SysLogin.js';

type Other = 'member' | 'doctor' | 'display' | 'disease' | 'training';

/** The sign-in page of one entrance (a page key stands for it). */
const login = (entrance: Other): PageComponent =>
  function Login({ page }) {
    return <EntranceLogin entrance={entrance} page={page} />;
  };

/** Password sign-in of an entrance; after failed sign-ins the server asks for the jigsaw first. */
function EntranceLogin({ entrance, page }: { entrance: Other; page: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [cred, setCred] = useState<Credentials | null>(null);
  // The administrator's reason for rejecting a doctor registration (403 1600002 `data.reason`).
  const [rejected, setRejected] = useState<string | null>(null);
  const home = () => void navigate(ENTRANCE_HOME[entrance], { replace: true });
  return (
    <>
      <LoginCard
        title={t(`route.${page === 'memberIndex' ? 'memberLogin' : page}`)}
        testId={`login-${entrance}`}
        notice={
          rejected !== null && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="login-rejected"
              title={t('login.rejectedTitle')}
              // Plain text in a React node: the admin's words are shown, never interpreted as HTML.
              description={rejected ? t('login.rejectedReason', { reason: rejected }) : t('login.rejectedNoReason')}
            />
          )
        }
        onSubmit={async (c) => {
          setRejected(null);
          try {
            if ((await entranceSignIn(entrance, c)) === 'captcha') setCred(c);
            else home();
          } catch (e) {
            setRejected(rejectionReason(e));
            throw e;
          }
        }}
        footer={
          entrance === 'doctor' ? (
            <Link to="/doctor/register">{t('login.register')}</Link>
          ) : entrance === 'member' ? (
            <Link to="/member-register" data-testid="member-register-link">
              {t('login.register')}
            </Link>
          ) : undefined
        }
      />
      <CaptchaSignIn
        cred={cred}
        entrance={entrance}
        onCancel={() => setCred(null)}
        onSignedIn={async () => {
          setCred(null);
          home();
        }}
      />
    </>
  );
}

/** Shows a status while an action runs (its caller navigates when done), or its error. */
function Busy({ error, text }: { error: string | null; text: string }) {
  return (
    <Layout style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      {error ? (
        <Alert type="error" title={error} />
      ) : (
        <Spin description={text}>
          <div style={{ width: 200, height: 60 }} />
        </Spin>
      )}
    </Layout>
  );
}

function WechatAuthor() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code');
  const navigate = useNavigate();
  const signIn = useWechatSignIn();
  const { mutate } = signIn;
  // The code is spent by the exchange: it runs once per code, when the page opens with it.
  useEffect(() => {
    if (code) mutate(code, { onSuccess: (to) => void navigate(to, { replace: true }) });
  }, [code, mutate, navigate]);
  const error = code ? (signIn.error?.message ?? null) : t('login.wechatNoCode');
  return <Busy error={error} text={t('login.wechatWaiting')} />;
}

/**
 * /member/config/refresh re-reads the member's session: the guard sends a signed-in member on to
 * the member home once their info is loaded (spec §2). The page itself is open (spec: no sign-in
 * needed), so what renders here is a browser without a member session: it says so and offers the
 * member sign-in rather than bouncing to it (issue 34).
 */
function MemberRefresh() {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result
        status="info"
        title={t('login.refreshSignedOut')}
        subTitle={t('login.refreshSignedOutHint')}
        data-testid="member-refresh"
        extra={
          <Link to="/member/config/login" data-testid="member-refresh-login">
            {t('login.refreshSignIn')}
          </Link>
        }
      />
    </Layout>
  );
}

const PAGES: PageRegistry<'entrance'> = {
  sysLogin: SysLogin,
  doctorRegister: DoctorRegister,
  memberRegister: MemberRegister,
  wechatAuthor: WechatAuthor,
  memberRefresh: MemberRefresh,
  memberLogin: login('member'),
  memberIndex: login('member'),
  doctorLogin: login('doctor'),
  displayLogin: login('display'),
  diseaseLogin: login('disease'),
  trainingLogin: login('training'),
};
const MemberLogin = PAGES.memberLogin;

/** Sign-in pages of every entrance (spec §2), the doctor registration and WeChat authorisation. */
export default function EntranceArea({ page }: AreaProps) {
  // An unknown key falls back to the member sign-in, as before the registry.
  const Screen = findPage(PAGES, page) ?? MemberLogin;
  return <Screen page={page} />;
}
