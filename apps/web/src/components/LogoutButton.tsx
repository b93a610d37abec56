import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../lib/api.js';

/** Signs out (server call + local reset, spec §4) and opens the area's login page. */
export function LogoutButton({ loginPath }: { loginPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      size="small"
      data-testid="logout"
      onClick={() => void logout().then(() => navigate(loginPath, { replace: true }))}
    >
      {t('app.logout')}
    </Button>
  );
}
