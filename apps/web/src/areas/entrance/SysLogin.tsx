import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WELCOME_PATH } from '../../app/guard.js';
import { loadInfo } from '../../app/loaders.js';
import { getSession } from '../../lib/session.js';
import { CaptchaSignIn } from './CaptchaSignIn.js';
import { LoginCard, type Credentials } from './LoginCard.js';

/** Back-office sign-in (/login): credentials, then the jigsaw captcha; opens the first menu. */
export function SysLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [cred, setCred] = useState<Credentials | null>(null);
  return (
    <>
      <LoginCard title={t('route.sysLogin')} testId="login-sys" onSubmit={async (c) => setCred(c)} />
      <CaptchaSignIn
        cred={cred}
        entrance="sys"
        onCancel={() => setCred(null)}
        onSignedIn={async () => {
          setCred(null);
          try {
            await loadInfo('sys');
          } catch {
            // The guard retries the load and handles a failure (logout → /login).
          }
          void navigate(getSession().menus?.first ?? WELCOME_PATH, { replace: true });
        }}
      />
    </>
  );
}
