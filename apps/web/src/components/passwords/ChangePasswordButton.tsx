import { lazy, Suspense, useState } from 'react';
import { Button, Grid } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getSession, setSession, useSession } from '../../lib/session.js';
import { useCurrentUser } from './current-user-api.js';

const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog.js').then((m) => ({ default: m.ChangePasswordDialog })),
);

/** Header button of every signed-in area; on a phone only its icon, to leave room for the rest. */
export function ChangePasswordButton() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
  // After an administrator's reset the server refuses everything else until the password changes,
  // so the dialog opens by itself and stays until it is done.
  const { user, token } = useSession();
  // The display, disease and training areas load no user info of their own: ask once here.
  const me = useCurrentUser(!user && !!token);
  const [done, setDone] = useState(false);
  const mustFromServer = !user && !!token && !done && Boolean(me.data?.mustChangePassword);
  const forced = Boolean(user?.mustChangePassword) || mustFromServer;
  const close = (changed: boolean) => {
    setOpen(false);
    if (!changed || !forced) return;
    const current = getSession().user;
    if (current) setSession({ user: { ...current, mustChangePassword: false } });
    setDone(true);
    window.location.reload(); // the page's calls were refused until now: load them again
  };
  return (
    <>
      <Button
        size="small"
        icon={<KeyOutlined />}
        aria-label={t('password.change')}
        title={t('password.change')}
        data-testid="change-password"
        onClick={() => setOpen(true)}
      >
        {screens.sm === false ? null : t('password.change')}
      </Button>
      {(open || forced) && (
        <Suspense fallback={null}>
          <ChangePasswordDialog forced={forced} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
