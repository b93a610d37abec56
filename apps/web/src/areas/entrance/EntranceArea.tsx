import { useEffect, useState } from 'react';
import { Alert, Layout, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS, type TokenResult } from '@tcm/contract';
import type { AreaProps } from '../../app/LazyArea.js';
import { CLIENT_BASIC, http } from '../../lib/api.js';
import { saveTokens } from '../../lib/session.js';
import { DoctorRegister } from './DoctorRegister.js';
import { CaptchaSignIn } from './CaptchaSignIn.js';
import { LoginCard, type Credentials } from './LoginCard.js';
import { ENTRANCE_HOME, entranceSignIn } from './sign-in.js';
import { SysLogin } from './SysLogin.js';

type Other = 'member' | 'doctor' | 'display' | 'disease' | 'training';
const PAGE_ENTRANCE: Record<string, Other> = {
  memberLogin: 'member',
  memberIndex: 'member',
  doctorLogin: 'doctor',
  displayLogin: 'display',
  diseaseLogin: 'disease',
  trainingLogin: 'training',
};

/** Password sign-in of an entrance; after failed sign-ins the server asks for the jigsaw first. */
function EntranceLogin({ entrance, page }: { entrance: Other; page: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [cred, setCred] = useState<Credentials | null>(null);
  const home = () => void navigate(ENTRANCE_HOME[entrance], { replace: true });
  return (
    <>
      <LoginCard
        title={t(`route.${page === 'memberIndex' ? 'memberLogin' : page}`)}
        testId={`login-${entrance}`}
        onSubmit={async (c) => {
          if ((await entranceSignIn(entrance, c)) === 'captcha') setCred(c);
          else home();
        }}
        footer={entrance === 'doctor' ? <Link to="/doctor/register">{t('login.register')}</Link> : undefined}
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

/** Shows a status while an action runs, then navigates; errors are toasted by the client. */
function Busy({ run, text }: { run: () => Promise<string>; text: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    run().then(
      (to) => navigate(to, { replace: true }),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, [run, navigate]);
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
  const [run] = useState(() => async () => {
    if (!code) throw new Error(t('login.wechatNoCode'));
    const tk = await http.post<TokenResult>(AUTH_PATHS.wechatGetAccessToken, {
      form: { oauth2Sessionid: code },
      headers: { Authorization: CLIENT_BASIC },
    });
    saveTokens(tk.access_token, tk.refresh_token, tk.entrance);
    return ENTRANCE_HOME[tk.entrance];
  });
  return <Busy run={run} text={t('login.wechatWaiting')} />;
}

function MemberRefresh() {
  const { t } = useTranslation();
  const [run] = useState(() => async () => '/member/config/home');
  return <Busy run={run} text={t('login.refreshing')} />;
}

/** Sign-in pages of every entrance (spec §2), the doctor registration and WeChat authorisation. */
export default function EntranceArea({ page }: AreaProps) {
  if (page === 'sysLogin') return <SysLogin />;
  if (page === 'doctorRegister') return <DoctorRegister />;
  if (page === 'wechatAuthor') return <WechatAuthor />;
  if (page === 'memberRefresh') return <MemberRefresh />;
  const entrance = PAGE_ENTRANCE[page] ?? 'member';
  return <EntranceLogin entrance={entrance} page={page} />;
}
