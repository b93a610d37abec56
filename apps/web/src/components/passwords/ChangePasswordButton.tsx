import { lazy, Suspense, useState } from 'react';
import { Button, Grid } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog.js').then((m) => ({ default: m.ChangePasswordDialog })),
);

/** Header button of every signed-in area; on a phone only its icon, to leave room for the rest. */
export function ChangePasswordButton() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
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
      {open && (
        <Suspense fallback={null}>
          <ChangePasswordDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
